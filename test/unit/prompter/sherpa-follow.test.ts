/**
 * The prompter's sherpa-onnx engine. No streaming model can be downloaded on the machine Booth is built
 * on, so the engine runs on a real model only where BOOTH_STREAMING_MODEL names one (the second test);
 * the first hands the session a recogniser made to order to check what Booth does with its results:
 * partial words reported as they change, a segment closed at its endpoint, times on the take's clock.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { HeardSegment } from '../../../main/prompter/follow-engine'
import {
  SherpaFollowEngine,
  SherpaFollowSession,
  type OnlineRecognizerLike,
} from '../../../main/prompter/sherpa-follow'

/** A recogniser whose results are scripted by how much audio it has taken (16 kHz samples). */
function scripted(
  results: Array<{ after: number; tokens: string[]; timestamps: number[]; endpoint?: boolean }>,
): OnlineRecognizerLike {
  let fed = 0
  let base = 0
  let resetAt = -1
  const stream = {
    acceptWaveform: (w: { samples: Float32Array }) => {
      fed += w.samples.length
    },
    inputFinished: () => undefined,
  }
  // The result for the audio taken so far, from those after the last reset.
  const now = () => [...results].reverse().find((r) => r.after <= fed && r.after > resetAt)
  return {
    createStream: () => stream,
    isReady: () => false,
    decode: () => undefined,
    isEndpoint: () => now()?.endpoint === true,
    reset: () => {
      base = fed
      resetAt = fed
    },
    getResult: () => {
      const r = now()
      return r
        ? { text: r.tokens.join(''), tokens: r.tokens, timestamps: r.timestamps, start_time: base / 16000 }
        : { text: '', tokens: [], timestamps: [] }
    },
  }
}

describe('the sherpa-onnx prompter engine', () => {
  it('reports partial words as they change, closes a segment at its endpoint, on the take’s clock', async () => {
    const heard: HeardSegment[] = []
    const recogniser = scripted([
      { after: 8000, tokens: ['▁SAVE'], timestamps: [0.2] },
      { after: 16000, tokens: ['▁SAVE', '▁TWENTY'], timestamps: [0.2, 0.6], endpoint: true },
      { after: 24000, tokens: ['▁PER', 'CENT'], timestamps: [0.1, 0.3] },
    ])
    const session = new SherpaFollowSession(
      recogniser,
      {
        heard: (s) => heard.push(s),
        failed: (m) => {
          throw new Error(m)
        },
      },
      async () => undefined,
    )
    for (let i = 0; i < 6; i++) session.push(new Float32Array(4000))
    await session.finish()
    expect(heard.map((h) => [h.segment, h.final, h.words.map((w) => w.word).join(' ')])).toEqual([
      [0, false, 'save'],
      [0, true, 'save twenty'],
      [1, false, 'percent'],
      // The take ended: what the segment holds is final.
      [1, true, 'percent'],
    ])
    // The second segment began at 1 s of the take.
    expect(heard[3]?.words[0]?.start_s).toBeCloseTo(1.1, 2)
  })

  it('without a streaming model it says so, and the prompter can fall back', async () => {
    const engine = new SherpaFollowEngine({ modelDir: () => join(tmpdir(), 'no-such-booth-model') })
    expect(await engine.unavailable()).toMatch(/No streaming speech model/)
  })

  const model = process.env['BOOTH_STREAMING_MODEL']
  it.skipIf(!model)(
    'hears espeak-ng with a streaming model (runs only where BOOTH_STREAMING_MODEL names one)',
    async () => {
      const engine = new SherpaFollowEngine({ modelDir: () => model ?? null })
      expect(await engine.unavailable()).toBeNull()
      const dir = mkdtempSync(join(tmpdir(), 'booth-sherpa-follow-'))
      try {
        execFileSync('espeak-ng', [
          '-v',
          'en-us+f2',
          '-s',
          '160',
          '-w',
          join(dir, 'a.wav'),
          'Save twenty percent on every mattress today.',
        ])
        execFileSync('ffmpeg', [
          '-v',
          'error',
          '-i',
          join(dir, 'a.wav'),
          '-ar',
          '16000',
          '-ac',
          '1',
          '-f',
          'f32le',
          join(dir, 'a.f32'),
        ])
        const buf = readFileSync(join(dir, 'a.f32'))
        const pcm = new Float32Array(buf.buffer, buf.byteOffset, buf.length / 4)
        const words: string[] = []
        const session = await engine.open('Save 20% on every mattress today.', {
          heard: (s) => {
            if (s.final) words.push(...s.words.map((w) => w.word))
          },
          failed: (m) => {
            throw new Error(m)
          },
        })
        for (let i = 0; i < pcm.length; i += 1600) session.push(pcm.slice(i, i + 1600))
        await session.finish()
        expect(words.join(' ')).toMatch(/mattress/)
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  )
})
