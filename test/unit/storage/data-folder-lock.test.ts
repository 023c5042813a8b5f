/** The data folder's lock as the two entry points take it: what a second start is told, folder by folder. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { DATA_FOLDER_LOCK, DataFolderInUseError, lockDataFolder } from '../../../main/storage/data-folder-lock'

let root: string
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'booth-folder-lock-'))
})
afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

const refusal = async (p: Promise<unknown>): Promise<DataFolderInUseError> => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(DataFolderInUseError)
  return err as DataFolderInUseError
}

it('a second Booth on the folder is told which Booth holds it and where; another folder is free', async () => {
  const data = join(root, 'a', 'booth data')
  const held = await lockDataFolder(data, { kind: 'desktop app' })
  const err = await refusal(lockDataFolder(data, { kind: 'web host' }))
  expect(err.message).toMatch(
    /^Booth is already running on this data folder \(.*booth data\): the desktop app \(process \d+, since \d\d:\d\d\)\. Use that one, or quit it first\.$/,
  )
  expect(err.holderPid).toBe(process.pid)

  await held.describe({ kind: 'desktop app', url: 'http://127.0.0.1:4780/' })
  expect((await refusal(lockDataFolder(data, { kind: 'web host' }))).holderUrl).toBe('http://127.0.0.1:4780/')

  const other = await lockDataFolder(join(root, 'b'), { kind: 'web host' })
  await other.release()
  await held.release()
  await (await lockDataFolder(data, { kind: 'web host' })).release()
})

it('a lock taken on another computer (a shared folder) names that computer and the file to delete', async () => {
  const data = join(root, 'shared')
  await lockDataFolder(data, { kind: 'web host' }).then((l) => l.release())
  await writeFile(
    join(data, DATA_FOLDER_LOCK),
    JSON.stringify({
      pid: 77,
      started: null,
      host: 'studio-mac',
      id: 'x',
      since: Date.now(),
      about: { kind: 'desktop app' },
    }),
  )
  const err = await refusal(lockDataFolder(data, { kind: 'web host' }))
  expect(err.message).toContain('Booth on the computer "studio-mac" is using this data folder')
  expect(err.message).toContain('delete')
  expect(err.message).toContain(DATA_FOLDER_LOCK)
})
