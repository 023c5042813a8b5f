// The analyze CLI as a person runs it (a real process through tsx), plus its argument parsing in-process.
import { execFile } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseCliArgs, runAnalyzeCli } from '../../../main/audio/analyze-cli'
import { findProfile } from '../../../main/audio/delivery-profiles'
import { measureTake } from '../../../main/audio/measure-take'
import { makeAudio, makeTempDir } from '../../support/audio-fixtures'

const CLI = path.resolve(import.meta.dirname, '../../../main/audio/analyze-cli.ts')

function cli(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', CLI, ...args], { env, timeout: 20_000 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0
      resolve({ code, stdout, stderr })
    })
  })
}

let dir = ''
let cleanup: () => Promise<void> = async () => {}
let take = ''
let notAudio = ''

beforeAll(async () => {
  ;({ dir, cleanup } = await makeTempDir())
  take = await makeAudio(
    dir,
    'take',
    [
      { kind: 'silence', seconds: 0.4 },
      { kind: 'tone', seconds: 2, dbfs: -20 },
      { kind: 'silence', seconds: 0.4 },
    ],
    { channels: 2 },
  )
  notAudio = path.join(dir, 'script.wav')
  await writeFile(notAudio, 'Thirty seconds of fresh coffee.\n')
})
afterAll(() => cleanup())

describe('analyze CLI process', () => {
  it('prints the preflight object as JSON and exits 0', async () => {
    const run = await cli([take, '--spot-length', '1.5', '--kind', 'dry_voice'])
    expect(run.code).toBe(0)
    expect(run.stderr).toBe('')
    const printed = JSON.parse(run.stdout) as unknown
    expect(printed).toEqual(await measureTake(take, { spotLengthS: 1.5, kind: 'dry_voice' }))
    expect(printed).toMatchObject({ measured: true, channels: 2, warnings: ['stereo_dry_voice'] })
  })

  it('exits 1 with one sentence on stderr and nothing on stdout for a file it cannot measure', async () => {
    for (const file of [notAudio, path.join(dir, 'missing.wav')]) {
      const run = await cli([file])
      expect(run.code).toBe(1)
      expect(run.stdout).toBe('')
      expect(run.stderr.trim().split('\n')).toHaveLength(1)
      expect(run.stderr).not.toMatch(/\n\s+at /)
      expect(run.stderr).toMatch(/^\S.*\.\n$/)
    }
  })

  it('exits 1 with the finder’s sentence when BOOTH_FFMPEG points nowhere', async () => {
    const run = await cli([take], { ...process.env, BOOTH_FFMPEG: path.join(dir, 'no-ffmpeg') })
    expect(run.code).toBe(1)
    expect(run.stderr).toBe(
      `BOOTH_FFMPEG is set to ${path.join(dir, 'no-ffmpeg')}, but no executable ffmpeg is there; fix or unset BOOTH_FFMPEG.\n`,
    )
  })

  it('--report prints the preflight and the report (profile, true peak, noise floor, findings), judged by --profile', async () => {
    const run = await cli([take, '--kind', 'finished_spot', '--profile', 'atsc-a85', '--report'])
    expect(run.code).toBe(0)
    const printed = JSON.parse(run.stdout) as { preflight: unknown; report: Record<string, unknown> }
    expect(Object.keys(printed)).toEqual(['preflight', 'report'])
    expect(printed.preflight).toEqual(
      await measureTake(take, { kind: 'finished_spot', profile: findProfile('atsc-a85') }),
    )
    expect(printed.report).toMatchObject({
      profile: 'atsc-a85',
      true_peak_dbtp: expect.closeTo(-20, 0),
      lufs: expect.any(Number),
      noise_floor_dbfs: null,
      dc_offset: 0,
    })
    // Two channels of a -20 dBFS tone read about -20 LUFS: over ATSC A/85's -22.
    expect(printed.report.findings).toEqual([
      {
        code: 'too_loud',
        severity: 'problem',
        message: expect.stringMatching(/^Loudness -20\.\d LUFS; ATSC A\/85 asks -24\.0 LUFS ±2\.0\.$/),
        at_s: null,
      },
    ])
  })

  it('exits 2 on wrong usage', async () => {
    const run = await cli([take, '--kind', 'radio'])
    expect(run.code).toBe(2)
    expect(run.stderr).toBe('--kind must be dry_voice, finished_spot or not_set; got "radio".\n')
  })
})

describe('analyze CLI arguments (in-process)', () => {
  it('parses file, spot length and kind, in either option form', () => {
    expect(parseCliArgs(['a.wav'])).toEqual({ file: 'a.wav', spotLengthS: null, kind: 'not_set' })
    expect(parseCliArgs(['--spot-length=29.5', 'a.wav', '--kind', 'finished_spot'])).toEqual({
      file: 'a.wav',
      spotLengthS: 29.5,
      kind: 'finished_spot',
    })
    expect(parseCliArgs(['--help'])).toBeNull()
    expect(parseCliArgs(['a.wav', '--report', '--profile=podcast'])).toMatchObject({
      file: 'a.wav',
      report: true,
      profile: { name: 'podcast' },
    })
  })

  it.each([
    [[], /^Give the audio file to measure\. Usage: /],
    [['a.wav', 'b.wav'], /^Give one file only; also got b\.wav\. Usage: /],
    [
      ['a.wav', '--spot-length', 'thirty'],
      /^--spot-length must be a number of seconds, 0 or more \(e\.g\. 30 or 29\.5\); got "thirty"\.$/,
    ],
    [['a.wav', '--spot-length', '-3'], /^--spot-length must be a number/],
    [['a.wav', '--loud'], /^Unknown option --loud\. Usage: /],
    [['a.wav', '--kind'], /^--kind needs a value\. Usage: /],
    [
      ['a.wav', '--profile', 'radio'],
      /^--profile must be one of ebu-r128, atsc-a85, podcast, dry-voice; got "radio"\.$/,
    ],
  ])('refuses %j with one sentence', (argv, message) => {
    expect(() => parseCliArgs(argv)).toThrow(message)
  })

  it('runAnalyzeCli prints usage for --help and exits 0; usage errors exit 2', async () => {
    const out: string[] = []
    const err: string[] = []
    expect(
      await runAnalyzeCli(
        ['--help'],
        (t) => out.push(t),
        (t) => err.push(t),
      ),
    ).toBe(0)
    expect(out[0]).toMatch(/^Usage: npm run analyze -- FILE/)
    expect(
      await runAnalyzeCli(
        [],
        (t) => out.push(t),
        (t) => err.push(t),
      ),
    ).toBe(2)
    expect(err).toHaveLength(1)
  })
})
