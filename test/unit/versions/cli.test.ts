/**
 * `npm run pickup` and `npm run comp` on real speech: their JSON (edits or pieces, the read-back's check, the
 * API's preflight) and output file; and every refusal as exit 1 with one sentence naming the file or the
 * sentence, no stack trace, and no output file (one run through npm itself, the rest in-process).
 */
import { execFile } from 'node:child_process'
import { stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCompCli } from '../../../main/versions/service/comp-cli'
import { runPickupCli } from '../../../main/versions/service/pickup-cli'
import { makeTempDir } from '../../support/audio-fixtures'
import { speakRead, type SpokenRead } from '../../support/voice-reads'
import { engineMissing, VOICE } from './helpers/spot'

const run = promisify(execFile)
const SENTENCES = [
  "This Saturday only, it's the biggest sale of the year at Dream Street Furniture.",
  'Queen mattresses start at just $299.',
  'Visit us at 1400 Harbor Boulevard, open 9 to 9.',
]
let dir = ''
let cleanup: () => Promise<void> = async () => {}
let scriptPath = ''
let take: SpokenRead
let dayTwo: SpokenRead
let pickup: SpokenRead
let fox: SpokenRead
const exists = async (p: string) => (await stat(p).catch(() => null)) !== null

beforeAll(async () => {
  const missing = await engineMissing()
  if (missing) throw new Error(missing)
  ;({ dir, cleanup } = await makeTempDir('booth-version-cli-'))
  scriptPath = join(dir, 'script.txt')
  await writeFile(scriptPath, `${SENTENCES.join('\n')}\n`)
  const flubbed = [...SENTENCES]
  flubbed[1] = 'Queen mattresses start at just $279.'
  take = await speakRead(dir, 'take', flubbed, { ...VOICE, pausesS: [0.7, 0.6], roomDbfs: -62 })
  dayTwo = await speakRead(dir, 'day2', SENTENCES.slice(0, 2), {
    ...VOICE,
    pausesS: 0.65,
    roomDbfs: -52,
    roomSeed: 4,
    gainDb: -5,
  })
  pickup = await speakRead(dir, 'pickup', [SENTENCES[1] as string], {
    ...VOICE,
    leadS: 0.5,
    tailS: 0.6,
    roomDbfs: -50,
    roomSeed: 5,
    gainDb: -5,
  })
  fox = await speakRead(dir, 'fox', ['The quick brown fox jumps over the lazy dog.'], {
    ...VOICE,
    leadS: 0.4,
    tailS: 0.4,
    roomDbfs: -60,
  })
}, 120_000)
afterAll(async () => {
  await cleanup()
})

describe('npm run pickup', { timeout: 300_000 }, () => {
  it('prints the edits, the read-back of the output and its preflight', async () => {
    const out = join(dir, 'fixed.wav')
    const r = await runPickupCli([take.path, pickup.path, '--script', scriptPath, '-o', out])
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    const json = JSON.parse(r.stdout)
    expect(Object.keys(json)).toEqual(['output', 'edits', 'check', 'preflight'])
    expect(json.output).toBe(out)
    expect(json.edits).toHaveLength(1)
    expect(json.edits[0]).toMatchObject({ sentence: 2, source: pickup.path })
    expect(Object.keys(json.edits[0])).toEqual([
      'sentence',
      'source',
      'take_from_s',
      'take_to_s',
      'source_from_s',
      'source_to_s',
      'gain_db',
    ])
    expect(json.edits[0].take_from_s).toBeLessThan(take.sentences[1]!.startS)
    expect(json.edits[0].take_to_s).toBeGreaterThan(take.sentences[1]!.endS)
    expect(json.edits[0].gain_db).toBeGreaterThan(3)
    expect(json.check).toMatchObject({ state: 'done', verdict: 'matches' })
    expect(json.preflight).toMatchObject({ measured: true, sample_rate: 48_000, bit_depth: 24, channels: 1 })
    expect(await exists(out)).toBe(true)
  })

  it('refuses a pickup that matches no sentence, naming it, and writes no output', async () => {
    const out = join(dir, 'never.wav')
    const r = await runPickupCli([take.path, fox.path, '--script', scriptPath, '-o', out])
    expect(r).toEqual({
      code: 1,
      stdout: '',
      stderr: `The pickup "${fox.path}" reads no sentence of the script, so Booth cannot tell where it goes; nothing was written.\n`,
    })
    expect(await exists(out)).toBe(false)
  })

  it('refuses a file that is not audio, naming it', async () => {
    const text = join(dir, 'notes.wav')
    await writeFile(text, 'these are my notes, not audio\n')
    const r = await runPickupCli([take.path, text, '--script', scriptPath, '-o', join(dir, 'never.wav')])
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(
      new RegExp(
        `^The pickup ${text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} is not audio Booth can read \\(.+\\)\\.\\n$`,
      ),
    )
  })

  it('through npm: a file that cannot be read is exit 1, one sentence, no stack trace, no output; wrong usage is exit 2', async () => {
    const out = join(dir, 'never.wav')
    const missing = join(dir, 'missing.wav')
    const failed = await run(
      'npm',
      ['run', '-s', 'pickup', '--', take.path, missing, '--script', scriptPath, '-o', out],
      { cwd: process.cwd() },
    ).then(
      () => null,
      (err: { code: number; stdout: string; stderr: string }) => err,
    )
    expect(failed?.code).toBe(1)
    expect(failed?.stdout).toBe('')
    expect(failed?.stderr).toBe(`The pickup ${missing} cannot be read (ENOENT).\n`)
    expect(await exists(out)).toBe(false)
    const usage = await run('npm', ['run', '-s', 'pickup', '--', take.path, '--script', scriptPath], {
      cwd: process.cwd(),
    }).then(
      () => null,
      (err: { code: number; stderr: string }) => err,
    )
    expect(usage?.code).toBe(2)
    expect(usage?.stderr).toMatch(/^Give the output file with -o OUT\.wav\. Usage: npm run pickup -- /)
  })
})

describe('npm run comp', { timeout: 300_000 }, () => {
  it('prints a piece per sentence, the read-back of the output and its preflight; --pick chooses a cell', async () => {
    const out = join(dir, 'comp.wav')
    const r = await runCompCli([take.path, dayTwo.path, '--script', scriptPath, '-o', out])
    expect(r.stderr).toBe('')
    const json = JSON.parse(r.stdout)
    expect(Object.keys(json)).toEqual(['output', 'pieces', 'check', 'preflight'])
    expect(json.pieces.map((p: { sentence: number; source: string }) => [p.sentence, p.source])).toEqual([
      [1, dayTwo.path],
      [2, dayTwo.path],
      [3, take.path],
    ])
    expect(Object.keys(json.pieces[0])).toEqual(['sentence', 'source', 'from_s', 'to_s', 'gain_db'])
    expect(json.check.verdict).toBe('matches')
    expect(json.preflight.measured).toBe(true)
    const picked = await runCompCli([
      take.path,
      dayTwo.path,
      '--script',
      scriptPath,
      '-o',
      join(dir, 'comp2.wav'),
      '--pick',
      `1=${take.path}`,
    ])
    expect(JSON.parse(picked.stdout).pieces.map((p: { source: string }) => p.source)).toEqual([
      take.path,
      dayTwo.path,
      take.path,
    ])
  })

  it('names a sentence that no take reads, before anything is rendered', async () => {
    const out = join(dir, 'never-comp.wav')
    const r = await runCompCli([dayTwo.path, '--script', scriptPath, '-o', out])
    expect(r).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'No take reads sentence 3, “Visit us at 1400 Harbor Boulevard, open 9 to 9.”; record it (a pickup) before rendering the comp.\n',
    })
    expect(await exists(out)).toBe(false)
    const bad = await runCompCli([take.path, '--script', scriptPath, '-o', out, '--pick', `2=${fox.path}`])
    expect(bad).toEqual({
      code: 1,
      stdout: '',
      stderr: `--pick 2=${fox.path} names a file that is not one of the takes given.\n`,
    })
  })
})
