/**
 * `npm run finish`, `npm run pickup` and `npm run comp` never write over a take (main/storage/safe-output.ts),
 * on a real disk with a real spoken take (espeak-ng, then ffmpeg to 8-bit 8 kHz, the format the tester's
 * take had): an output through a symlinked folder, through `..`, by a name differing only in case, or a
 * hard link to the take is refused with exit 1 and one sentence; the take's bytes and SHA-256 unchanged, no
 * output and no temp file left. A finish that fails after its audio was written leaves nothing either; an
 * 8-bit take that fits is finished (its "before" measured from its decoded copy).
 */
import { execFile } from 'node:child_process'
import { link, mkdir, readdir, readFile, symlink } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultProfile } from '../../../main/audio/delivery-profiles'
import { runFinishCli } from '../../../main/finish/finish-cli'
import { finishTake } from '../../../main/finish/finish-take'
import { runCompCli } from '../../../main/versions/service/comp-cli'
import { runPickupCli } from '../../../main/versions/service/pickup-cli'
import { sha256File } from '../../../main/versions/store/recordings'
import { writeFile } from 'node:fs/promises'
import { tempDir } from '../../unit/delivery/delivery-fixture'

const run = promisify(execFile)
let work: Awaited<ReturnType<typeof tempDir>>
let folder = ''
let take = ''
let takeHash = ''
let takeBytes = Buffer.alloc(0)

beforeAll(async () => {
  work = await tempDir('booth-finish-output-')
  folder = join(work.path, 'job')
  await mkdir(folder)
  const spoken = join(work.path, 'spoken.wav')
  await run('espeak-ng', [
    '-w',
    spoken,
    "This Saturday only, it's the biggest sale of the year. Save twenty percent on every mattress.",
  ])
  take = join(folder, 'take.wav')
  await run('ffmpeg', [
    '-loglevel',
    'error',
    '-i',
    spoken,
    '-af',
    'apad=pad_dur=1',
    '-ar',
    '8000',
    '-c:a',
    'pcm_u8',
    take,
  ])
  takeBytes = await readFile(take)
  takeHash = await sha256File(take)
  await symlink(folder, join(work.path, 'linked'))
  await mkdir(join(work.path, 'elsewhere'))
  await link(take, join(work.path, 'elsewhere', 'same.wav'))
  await writeFile(
    join(work.path, 'script.txt'),
    "This Saturday only, it's the biggest sale of the year. Save twenty percent on every mattress.\n",
  )
}, 60_000)
afterAll(async () => {
  await work.remove()
})

async function untouched(extra: string[] = []): Promise<void> {
  expect(await sha256File(take)).toBe(takeHash)
  expect(await readFile(take)).toEqual(takeBytes)
  expect((await readdir(folder)).sort()).toEqual(['take.wav', ...extra].sort())
  expect(await readdir(join(work.path, 'elsewhere'))).toEqual(['same.wav'])
}

const finishArgs = (out: string, spot = '6') => [take, '--spot-length', spot, '--kind', 'dry_voice', '-o', out]
const oneSentence = (stderr: string) => {
  expect(stderr.endsWith('\n')).toBe(true)
  expect(stderr.trim().split('\n')).toHaveLength(1)
}

describe('an output that is the take by another name is refused', () => {
  const outputs: Array<[string, () => string]> = [
    ['through a symlinked folder', () => join(work.path, 'linked', 'take.wav')],
    ['through ..', () => join(work.path, 'elsewhere', '..', 'job', 'take.wav')],
    ['by a name differing only in case', () => join(folder, 'TAKE.wav')],
    ['a hard link to the take', () => join(work.path, 'elsewhere', 'same.wav')],
  ]
  for (const [name, out] of outputs) {
    it(`npm run finish, ${name}: exit 1, one sentence, the take unchanged, nothing left`, async () => {
      const r = await runFinishCli(finishArgs(out()))
      expect(r.code).toBe(1)
      expect(r.stdout).toBe('')
      oneSentence(r.stderr)
      expect(r.stderr).toMatch(
        /^The output .+ is the take .+ under another name \(.+\); it is never written over\. Give another output file\.\n$/,
      )
      await untouched()
    }, 60_000)
  }

  it('npm run pickup and npm run comp refuse a symlinked or case-variant output before any work', async () => {
    const script = join(work.path, 'script.txt')
    const p = await runPickupCli([take, take, '--script', script, '-o', join(work.path, 'linked', 'take.wav')])
    expect(p.code).toBe(1)
    oneSentence(p.stderr)
    expect(p.stderr).toMatch(/is the input .+ under another name/)
    const c = await runCompCli([take, '--script', script, '-o', join(folder, 'Take.wav')])
    expect(c.code).toBe(1)
    expect(c.stderr).toMatch(/but for case/)
    // The script is an input too.
    const s = await runCompCli([take, '--script', script, '-o', join(work.path, 'elsewhere', '..', 'script.txt')])
    expect(s.code).toBe(1)
    expect(await readFile(script, 'utf8')).toMatch(/^This Saturday only/)
    await untouched()
  })
})

describe('a finish that fails leaves nothing', () => {
  it('an 8-bit 8 kHz take that cannot fit the spot: exit 1, one sentence, no output and no temp', async () => {
    const r = await runFinishCli(finishArgs(join(folder, 'finished.wav'), '4'))
    expect(r.code).toBe(1)
    oneSentence(r.stderr)
    await untouched()
  }, 60_000)

  it('a failure after the audio was written (what the tester saw): no output and no temp', async () => {
    const out = join(folder, 'finished.wav')
    await expect(
      finishTake({
        input: take,
        output: out,
        spotLengthS: 6,
        kind: 'dry_voice',
        profile: defaultProfile('dry_voice'),
        onWritten: async (temp) => {
          // The audio is whole at the temp file beside the output, never at the output yet.
          expect(temp).toMatch(/\/\.finished\.wav\.\d+\.[0-9a-f]{8}\.partial$/)
          expect((await readFile(temp)).subarray(0, 4).toString()).toBe('RIFF')
          expect((await readdir(folder)).includes('finished.wav')).toBe(false)
          throw new Error('measuring stopped')
        },
      }),
    ).rejects.toThrow('measuring stopped')
    await untouched()
  }, 60_000)

  it('the same 8-bit take that fits is finished, beside it, the take unchanged', async () => {
    const r = await runFinishCli(finishArgs(join(folder, 'finished.wav')))
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    const report = JSON.parse(r.stdout) as { length_s: number; before: { length_s: number } }
    expect(report.length_s).toBeCloseTo(6, 1)
    expect(report.before.length_s).toBeGreaterThan(6)
    await untouched(['finished.wav'])
  }, 60_000)
})
