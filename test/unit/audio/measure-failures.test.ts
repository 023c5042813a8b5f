// Files that cannot be measured: measureTake answers measured:false (never throws), and says why.
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MeasureFailureReason } from '../../../main/audio/measure-failure'
import { measureTake, measureTakeDetailed } from '../../../main/audio/measure-take'
import { notMeasuredPreflight } from '../../../main/audio/preflight'
import { runFfmpeg } from '../../../main/audio/run-ffmpeg'
import type { Segment } from '../../support/audio-fixtures'
import { makeAudio, makeTempDir } from '../../support/audio-fixtures'

const TAKE: Segment[] = [
  { kind: 'silence', seconds: 0.5 },
  { kind: 'tone', seconds: 3, dbfs: -20 },
  { kind: 'silence', seconds: 0.5 },
]

let dir = ''
let cleanup: () => Promise<void> = async () => {}
const files: Record<string, string> = {}

/** The first `keep` bytes of `source`, as a new file: a copy or a recording cut short. */
async function cutShort(source: string, name: string, keep: number): Promise<string> {
  const file = path.join(dir, name)
  await writeFile(file, (await readFile(source)).subarray(0, keep))
  return file
}

beforeAll(async () => {
  ;({ dir, cleanup } = await makeTempDir())
  const [wav, mp3, m4a] = await Promise.all([
    makeAudio(dir, 'whole', TAKE),
    makeAudio(dir, 'whole', TAKE, { codec: 'libmp3lame', ext: 'mp3' }),
    makeAudio(dir, 'whole', TAKE, { codec: 'aac', ext: 'm4a' }),
  ])
  files.wav = wav
  files.truncatedWav = await cutShort(wav, 'cut.wav', 200_000) // header says 4 s, data holds ~1.4 s
  files.headerOnly = await cutShort(wav, 'header-only.wav', 30)
  files.truncatedMp3 = await cutShort(mp3, 'cut.mp3', 20_000)
  files.truncatedM4a = await cutShort(m4a, 'cut.m4a', 20_000) // the moov index is written last
  files.empty = path.join(dir, 'empty.wav')
  await writeFile(files.empty, '')
  files.text = path.join(dir, 'notes.wav')
  await writeFile(files.text, 'This is a script, not a recording.\n')
  files.folder = path.join(dir, 'folder.wav')
  await mkdir(files.folder)
  files.videoOnly = path.join(dir, 'video-only.mp4')
  await runFfmpeg(['-y', '-f', 'lavfi', '-i', 'testsrc=size=64x48:rate=5:d=1', '-c:v', 'mpeg4', files.videoOnly])
  files.missing = path.join(dir, 'no-such-take.wav')
})
afterAll(() => cleanup())

describe('files that cannot be measured', () => {
  it.each<[string, MeasureFailureReason, RegExp]>([
    ['missing', 'missing', /no-such-take\.wav" does not exist\.$/],
    ['empty', 'empty', /empty\.wav" is empty \(0 bytes\), so there is no audio to measure\.$/],
    ['folder', 'not_a_file', /folder\.wav" is not a file/],
    ['text', 'not_audio', /notes\.wav" is not an audio file ffmpeg can read\.$/],
    ['headerOnly', 'not_audio', /header-only\.wav" is not an audio file ffmpeg can read\.$/],
    ['truncatedWav', 'truncated', /cut\.wav" looks cut short or damaged: ffmpeg reported "[^"]*[Cc]orrupt[^"]*"\.$/],
    ['truncatedMp3', 'truncated', /cut\.mp3" looks cut short/],
    ['truncatedM4a', 'truncated', /cut\.m4a" looks cut short: its MP4\/M4A index is missing/],
    ['videoOnly', 'no_audio_stream', /video-only\.mp4" has no audio stream\.$/],
  ])('%s: measured:false, reason %s, one sentence', async (name, reason, message) => {
    const result = await measureTakeDetailed(files[name] as string)
    expect(result.preflight).toEqual(notMeasuredPreflight())
    expect(result.failure?.reason).toBe(reason)
    expect(result.failure?.message).toMatch(message)
    expect(result.failure?.message.split('\n')).toHaveLength(1)
  })

  it('measureTake itself answers the not_measured object and never throws', async () => {
    const p = await measureTake(files.truncatedWav as string, { kind: 'dry_voice', spotLengthS: 30 })
    expect(p).toEqual({
      measured: false,
      duration_s: null,
      voiced_s: null,
      sample_rate: null,
      channels: null,
      bit_depth: null,
      peak_dbfs: null,
      lufs: null,
      lead_silence_s: null,
      tail_silence_s: null,
      codec: null,
      warnings: ['not_measured'],
    })
  })

  it('the whole file the cut ones came from measures fine (the pairs differ only in being cut)', async () => {
    expect((await measureTake(files.wav as string)).measured).toBe(true)
  })

  it('no ffmpeg, or one that cannot start: not measured, with the reason', async () => {
    const result = await measureTakeDetailed(files.wav as string, { ffmpegPath: path.join(dir, 'no-ffmpeg') })
    expect(result.preflight.measured).toBe(false)
    expect(result.failure?.reason).toBe('ffmpeg_missing')
    expect(result.failure?.message).toMatch(/^ffmpeg at .*no-ffmpeg could not be started: /)
  })

  it('a run that outlives its timeout: not measured, reason timeout', async () => {
    const result = await measureTakeDetailed(files.wav as string, { timeoutMs: 1 })
    expect(result.failure?.reason).toBe('timeout')
    expect(result.failure?.message).toMatch(/^Measuring .*whole\.wav" took longer than 1 ms, so it was stopped\.$/)
  })
})
