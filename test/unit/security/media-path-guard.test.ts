import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isAllowedMediaPath, resolveAllowedMediaPath } from '../../../main/security/media-path-guard'

let base: string
let takes: string
let samples: string
let secret: string

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'booth-media-'))
  takes = join(base, 'takes')
  samples = join(base, 'samples')
  await mkdir(join(takes, 'job-1'), { recursive: true })
  await mkdir(samples)
  await mkdir(join(base, 'private'))
  secret = join(base, 'private', 'id_rsa')
  await writeFile(secret, 'secret')
  await writeFile(join(takes, 'job-1', 'take-1.wav'), 'RIFF')
  await writeFile(join(samples, 'sample.wav'), 'RIFF')
  await writeFile(join(base, 'takes-evil.wav'), 'sibling folder whose name starts like the root')
  await symlink(secret, join(takes, 'job-1', 'link-out.wav'))
  await symlink(join(base, 'private'), join(takes, 'linked-dir'))
  await symlink(join(takes, 'job-1', 'take-1.wav'), join(samples, 'link-in.wav'))
  await symlink(join(takes, 'missing.wav'), join(takes, 'dangling.wav'))
})
afterAll(async () => {
  await rm(base, { recursive: true, force: true })
})

describe('isAllowedMediaPath', () => {
  it('allows regular files inside an allowed folder and returns their real path', async () => {
    const roots = [takes, samples]
    expect(await isAllowedMediaPath(join(takes, 'job-1', 'take-1.wav'), roots)).toBe(true)
    expect(await isAllowedMediaPath(join(samples, 'sample.wav'), roots)).toBe(true)
    expect(await resolveAllowedMediaPath(join(samples, 'link-in.wav'), roots)).toMatch(
      /takes[/\\]job-1[/\\]take-1\.wav$/,
    )
    expect(await isAllowedMediaPath(join(takes, 'job-1', '..', 'job-1', 'take-1.wav'), roots)).toBe(true)
  })

  it.each([
    ['.. out of the folder', () => join(takes, '..', 'private', 'id_rsa')],
    ['a symlinked file pointing outside', () => join(takes, 'job-1', 'link-out.wav')],
    ['a file under a symlinked folder pointing outside', () => join(takes, 'linked-dir', 'id_rsa')],
    ['a sibling whose name starts like the root', () => join(base, 'takes-evil.wav')],
    ['the root folder itself', () => takes],
    ['a sub-folder', () => join(takes, 'job-1')],
    ['a missing file', () => join(takes, 'job-1', 'nope.wav')],
    ['a dangling symlink', () => join(takes, 'dangling.wav')],
    ['a relative path', () => 'takes/job-1/take-1.wav'],
    ['a NUL byte', () => join(takes, 'job-1', 'take-1.wav\0.png')],
    ['an empty path', () => ''],
  ])('refuses %s', async (_what, path) => {
    expect(await isAllowedMediaPath(path(), [takes, samples])).toBe(false)
  })

  it('refuses everything without usable roots', async () => {
    const file = join(takes, 'job-1', 'take-1.wav')
    expect(await isAllowedMediaPath(file, [])).toBe(false)
    expect(await isAllowedMediaPath(file, ['relative/takes'])).toBe(false)
    expect(await isAllowedMediaPath(file, [join(base, 'no-such-root')])).toBe(false)
  })

  it('follows a symlinked root to where it really is', async () => {
    const linkedRoot = join(base, 'takes-link')
    await symlink(takes, linkedRoot)
    expect(await isAllowedMediaPath(join(takes, 'job-1', 'take-1.wav'), [linkedRoot])).toBe(true)
    expect(await isAllowedMediaPath(join(linkedRoot, 'job-1', 'take-1.wav'), [takes])).toBe(true)
  })
})
