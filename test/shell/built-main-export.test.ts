/**
 * A take dragged out of the desktop window (issue 42, point 11), proven on the built Electron entry
 * (out/main/index.js) with the recording stand-in for `electron`: in demo mode a take is dropped onto a job
 * (through the file id the preload would get), then the window's calls are made as its own top frame.
 * dragTakeOut hands webContents.startDrag a copy of the file delivery sends (its SHA-256 the same; not the
 * take's own file) with a drawn icon; Export… offers the delivery name in the save dialog and writes the same
 * bytes where the person chose; Show in folder shows that copy (shell.showItemInFolder). Needs `npm run build`.
 */
import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join, sep } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IPC_FILE } from '../../shared/ipc-channels'
import { ALL_PENDING_JOBS_QUERY } from '../../shared/bridge-job-list'
import type { TakeExportSaved, TakeExportView } from '../../shared/bridge-export'
import type { TakeView } from '../../shared/bridge-takes'
import { makeAudio } from '../support/audio-fixtures'
import { bridgeCall, launchBuiltMain, requireBuiltBundles, type BridgeAnswer, type ShellProcess } from './shell-process'

interface Recorded {
  api: string
  [key: string]: unknown
}
const APP = { kind: 'app-top' } as const
const folders: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'booth-shell-export-'))
  folders.push(dir)
  return dir
}
const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex')

let shell: ShellProcess
let userData: string

beforeAll(async () => {
  requireBuiltBundles()
  userData = tempDir()
  shell = await launchBuiltMain({ userData })
  if (shell.loaded.type !== 'loaded') throw new Error(`the built main did not load: ${JSON.stringify(shell.loaded)}`)
  await shell.request('ready')
}, 60_000)

afterAll(() => {
  shell?.kill()
  for (const dir of folders) rmSync(dir, { recursive: true, force: true })
})

async function ok<T>(name: string, args: unknown): Promise<T> {
  const answer: BridgeAnswer = await bridgeCall(shell, APP, name, args)
  if (!answer.ok) throw new Error(`${name} failed: ${answer.error.message}`)
  return answer.result as T
}
const calls = async (api: string) =>
  (await shell.request<{ calls: Recorded[] }>('state')).calls.filter((c) => c.api === api)

describe('a take taken out of the desktop window', () => {
  it('drags, exports and shows a copy byte-identical to the delivered file, never the take itself', async () => {
    await ok('startDemo', {})
    const jobs = await ok<{ items: Array<{ job_id: string }> }>('listJobs', ALL_PENDING_JOBS_QUERY)
    const jobId = jobs.items[0]?.job_id as string
    expect(jobId).toBeTruthy()
    const wav = await makeAudio(tempDir(), 'booth-read', [
      { kind: 'silence', seconds: 0.3 },
      { kind: 'tone', seconds: 1.2, dbfs: -18, hz: 440 },
      { kind: 'silence', seconds: 0.3 },
    ])
    // A dropped file reaches main as the preload hands it over: its path for a one-time id.
    const granted = await shell.request<{ answer?: BridgeAnswer }>('invoke', {
      channel: IPC_FILE,
      frame: APP,
      args: [wav],
    })
    expect(granted.answer?.ok).toBe(true)
    const take = await ok<TakeView>('importTake', {
      jobId,
      path: (granted.answer as { result: string }).result,
      label: 'main',
    })
    const own = join(userData, 'takes', jobId, take.file_name)

    const view = await ok<TakeExportView>('prepareTakeExport', { takeId: take.id })
    expect(view).toMatchObject({
      drag: 'native',
      revealLabel: 'Show in folder',
      mimeType: 'audio/wav',
      fileName: take.file_name,
    })
    expect(view.sha256).toBe(sha256(own))

    await ok('dragTakeOut', { takeId: take.id })
    const drags = await calls('webContents.startDrag')
    expect(drags).toHaveLength(1)
    const dragged = drags[0]?.['file'] as string
    expect(basename(dragged)).toBe(view.fileName)
    expect(dragged.startsWith(join(userData, 'exports') + sep)).toBe(true)
    expect(dragged).not.toBe(own)
    expect(sha256(dragged)).toBe(sha256(own))
    // macOS refuses an empty drag image: the window hands a drawn one.
    expect(drags[0]?.['icon']).toEqual({ kind: 'bitmap', size: { width: 32, height: 32 } })

    // Export…: cancelled saves nothing; chosen, the same bytes land there.
    expect(await ok<TakeExportSaved>('exportTake', { takeId: take.id })).toEqual({
      savedPath: null,
      url: null,
      fileName: view.fileName,
    })
    const target = join(tempDir(), 'for-the-producer.wav')
    await shell.request('saveAnswer', { path: target })
    const saved = await ok<TakeExportSaved>('exportTake', { takeId: take.id })
    expect(saved.savedPath).toBe(target)
    expect(sha256(target)).toBe(view.sha256)
    const offered = (await calls('dialog.showSaveDialog')).map((c) => basename(String(c['defaultPath'])))
    expect(offered).toEqual([view.fileName, view.fileName])

    expect(await ok('showTakeExport', { takeId: take.id })).toEqual({ shown: target })
    expect((await calls('shell.showItemInFolder')).map((c) => c['path'])).toEqual([target])
    // The take's own file is what it was.
    expect(sha256(own)).toBe(view.sha256)
  }, 60_000)
})
