/**
 * A disk that fills up during a finish, on real small disks (a tmpfs of its own, test/support/small-disks.ts):
 * the finish says so in words with the space free and the space it needs, for the disk beside the takes
 * (where the result is written) and for the temporary folder (its working copies), the bridge passes that
 * sentence on as a disk problem, and nothing partial is left on either disk.
 */
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeError } from '../../../main/bridge/describe-error'
import { findProfile, type DeliveryProfile } from '../../../main/audio/delivery-profiles'
import { finishTake } from '../../../main/finish/finish-take'
import { guardVersionErrors } from '../../../main/versions/service/version-errors'
import { makeTempDir } from '../../support/audio-fixtures'
import { fillUp, mountRefusal, mountSmallDisk, sayWhySkipped, type Mounted } from '../../support/small-disks'
import { readTake, SR, writeWav24 } from './level-audio'

const refusal = await mountRefusal()
sayWhySkipped('a finish on a disk that fills up', refusal)

let dir = ''
let cleanup: () => Promise<void> = async () => {}
let input = ''
let lengthS = 0
const disks: Mounted[] = []
const dryVoice = findProfile('dry-voice') as DeliveryProfile

beforeAll(async () => {
  ;({ dir, cleanup } = await makeTempDir('booth-finish-full-'))
  const t = await readTake(dir, { synth: 'espeak-ng', voice: 'en-us' }, -10)
  input = await writeWav24(dir, 'take', t.x)
  lengthS = t.x.length / SR
}, 60_000)
afterAll(async () => {
  for (const d of disks) await d.unmount()
  await cleanup()
})

const sizeRe = String.raw`\d+(\.\d)? (bytes|KB|MB)`

describe.skipIf(refusal !== null)('a full disk during a finish', { timeout: 120_000 }, () => {
  it('beside the takes: the space free and needed, in words; no partial file; the bridge says it as a disk problem', async () => {
    const takes = join(dir, 'takes')
    disks.push(await mountSmallDisk(takes, 4 * 1024 * 1024))
    await fillUp(takes, 64 * 1024)
    const out = join(takes, '.finish-take-1.wav.partial')
    const err = await guardVersionErrors(
      () => finishTake({ input, output: out, spotLengthS: lengthS - 0.5, kind: 'dry_voice', profile: dryVoice }),
      { dataDir: dir, again: 'make the fix again' },
    ).then(
      () => null,
      (e: unknown) => e,
    )
    expect(err).not.toBeNull()
    const said = describeError(err)
    expect(said.kind).toBe('disk')
    expect(said.message).toMatch(
      new RegExp(
        String.raw`^The disk holding Booth's takes is full \(${sizeRe} free; this finish needs about ${sizeRe}\)\. Free some space and finish again\.$`,
      ),
    )
    // The figures are the disk's: what it has free, and twice the result (the finished WAV and its version's render).
    const needs = Number(/needs about ([\d.]+) MB/.exec(said.message)?.[1])
    expect(needs).toBeGreaterThan((2 * (lengthS - 0.5) * SR * 3) / 1e6 - 0.2)
    expect(needs).toBeLessThan((2 * (lengthS - 0.5) * SR * 3) / 1e6 + 0.2)
    expect(await readdir(takes)).toEqual(['.filler'])
  })

  it('in the temporary folder: said as that folder, with what the finish needs there; its working folder is gone', async () => {
    const tmp = join(dir, 'tmp')
    disks.push(await mountSmallDisk(tmp, 1024 * 1024))
    await fillUp(tmp, 32 * 1024)
    const before = process.env['TMPDIR']
    process.env['TMPDIR'] = tmp
    try {
      const err = await finishTake({
        input,
        output: join(dir, 'out.wav'),
        spotLengthS: lengthS - 0.5,
        kind: 'dry_voice',
        profile: dryVoice,
      }).then(
        () => null,
        (e: unknown) => e,
      )
      expect((err as Error | null)?.message).toMatch(
        new RegExp(
          String.raw`^The disk holding the system's temporary folder \(.*\) is full \(${sizeRe} free; ` +
            String.raw`this finish needs about ${sizeRe} there\)\. Free some space and finish again\.$`,
        ),
      )
    } finally {
      if (before === undefined) delete process.env['TMPDIR']
      else process.env['TMPDIR'] = before
    }
    expect(await readdir(tmp)).toEqual(['.filler'])
    expect((await readdir(dir)).filter((n) => n.startsWith('out'))).toEqual([])
  })
})
