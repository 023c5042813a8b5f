import { chmod, lstat, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { makeTreePrivate, treePrivacyLine } from '../../../main/storage/private-files'

const made: string[] = []
afterEach(async () => {
  await Promise.all(made.splice(0).map((d) => rm(d, { recursive: true, force: true })))
})

async function tree(): Promise<{ root: string; outside: string }> {
  const base = await mkdtemp(join(tmpdir(), 'booth-private-'))
  made.push(base)
  const root = join(base, 'booth')
  await mkdir(join(root, 'takes', '42'), { recursive: true })
  await writeFile(join(root, 'takes', '42', 'take.wav'), 'RIFF')
  await writeFile(join(root, 'settings.json'), '{}')
  await writeFile(join(root, 'tool.sh'), '#!/bin/sh\n')
  const outside = join(base, 'someone-elses.txt')
  await writeFile(outside, 'not Booth’s')
  await symlink(outside, join(root, 'link.txt'))
  for (const d of [root, join(root, 'takes'), join(root, 'takes', '42')]) await chmod(d, 0o755)
  await chmod(join(root, 'takes', '42', 'take.wav'), 0o644)
  await chmod(join(root, 'settings.json'), 0o600)
  await chmod(join(root, 'tool.sh'), 0o755)
  await chmod(outside, 0o644)
  return { root, outside }
}

const modeOf = async (path: string) => (await lstat(path)).mode & 0o777

describe.skipIf(process.platform === 'win32')('makeTreePrivate', () => {
  it('clears the group and other bits of every folder and file, keeps the owner bits, follows no link', async () => {
    const { root, outside } = await tree()
    const privacy = await makeTreePrivate(root)
    expect(privacy).toEqual({ narrowed: 5, refused: 0 })
    expect(await modeOf(root)).toBe(0o700)
    expect(await modeOf(join(root, 'takes'))).toBe(0o700)
    expect(await modeOf(join(root, 'takes', '42'))).toBe(0o700)
    expect(await modeOf(join(root, 'takes', '42', 'take.wav'))).toBe(0o600)
    expect(await modeOf(join(root, 'settings.json'))).toBe(0o600)
    expect(await modeOf(join(root, 'tool.sh'))).toBe(0o700)
    // A link is not followed: the file it points to is not Booth's.
    expect(await modeOf(outside)).toBe(0o644)
    expect(treePrivacyLine(root, privacy)).toBe(`made 5 files or folders in ${root} readable by this user only`)
  })

  it('a second walk finds nothing to do and says nothing; a missing folder is nothing to do', async () => {
    const { root } = await tree()
    await makeTreePrivate(root)
    const again = await makeTreePrivate(root)
    expect(again).toEqual({ narrowed: 0, refused: 0 })
    expect(treePrivacyLine(root, again)).toBeNull()
    expect(await makeTreePrivate(join(root, 'not-there'))).toEqual({ narrowed: 0, refused: 0 })
  })
})

describe('on Windows', () => {
  it('changes nothing: modes mean nothing there', async () => {
    const { root } = await tree()
    expect(await makeTreePrivate(root, 'win32')).toEqual({ narrowed: 0, refused: 0 })
    expect(await modeOf(root)).toBe(0o755)
  })
})
