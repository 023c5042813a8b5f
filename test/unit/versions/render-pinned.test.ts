/**
 * The renderer's bytes are pinned: edit lists over sources generated with integer arithmetic (the same
 * bytes on every machine) render to files whose SHA-256 is written here. Copies, gains that clip, both
 * fade shapes, three pieces summed, silence and an odd-length data chunk, in 16, 24 and 32-bit integer
 * and 32-bit float, mono and stereo. A change that alters any byte of any render fails this test; such a
 * change also needs a new RENDERER_VERSION (render-cache.ts), so cached renders are not mixed with new ones.
 */
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sha256File } from '../../../main/versions/store/recordings'
import { renderEditList } from '../../../main/versions/render/render-edit-list'
import { openWavSource, type WavSource } from '../../../main/media/wav-source'
import type { AudioFormat, EditList, EditPiece, FadeShape } from '../../../shared/versions/edit-list'
import { makeTempDir } from '../../support/audio-fixtures'
import { writeGeneratedWav } from './helpers/generated-wav'

const A = 'a'.repeat(64)
const B = 'b'.repeat(64)
const FORMATS: Record<string, AudioFormat> = {
  s16_stereo: { sample_rate: 44_100, channels: 2, encoding: 'pcm_s16' },
  s24_mono: { sample_rate: 48_000, channels: 1, encoding: 'pcm_s24' },
  s32_mono: { sample_rate: 48_000, channels: 1, encoding: 'pcm_s32' },
  f32_stereo: { sample_rate: 48_000, channels: 2, encoding: 'float32' },
}

const fade = (frames: number, shape: FadeShape = 'equal_power') => ({ frames, shape })
const piece = (
  source: string,
  from: number,
  to: number,
  at: number,
  gain_db: number,
  fin = fade(0),
  fout = fade(0),
): EditPiece => ({ source, from, to, at, gain_db, fade_in: fin, fade_out: fout })

/** A comp: a unity copy, crossfades of both shapes, a gained piece, a faded piece over both, a silent tail. */
const comp = (format: AudioFormat): EditList => ({
  format,
  frames: 30_701,
  pieces: [
    piece(A, 0, 10_000, 0, 0, fade(0), fade(400)),
    piece(B, 5000, 15_400, 9600, 6, fade(400), fade(300, 'linear')),
    piece(A, 20_000, 29_999, 19_700, -7.3, fade(300, 'linear')),
    piece(B, 0, 2000, 9000, 0, fade(1000), fade(1000, 'linear')),
  ],
})

/** Lone pieces at steady gains: +12 dB (clips), -40 dB, a fractional gain, a unity copy between them. */
const gains = (format: AudioFormat): EditList => ({
  format,
  frames: 24_001,
  pieces: [
    piece(A, 100, 8100, 0, 12),
    piece(B, 0, 4000, 8000, 0),
    piece(A, 10_000, 16_000, 12_000, -40),
    piece(B, 7000, 13_001, 18_000, 3.3333),
  ],
})

const PINNED: Record<string, string> = {
  's16_stereo comp': '68483811dcf097bf276595d6e32dce4da1a74520a34aa2f7784e3b468ce9c7e4',
  's16_stereo gains': '50916198bf41df0673914430e29282e50f5d3e1032de9e5c8925ea77909a4b8e',
  's24_mono comp': '480af6c4128aec7b2f07415ecb79743467b2748f3a6183e1c631daec25d89716',
  's24_mono gains': '0a3558da4a55ca6ab6ace895c85c120c368d6c8cf53fca9cba599ab6c260dae6',
  's32_mono comp': '34efeca09a0f28799ee81d9fe8e01a38b9000e9c8c4fd8ef7a8577d953fd9d17',
  's32_mono gains': '4d41a3e39f08a891771c799e185fefb5cd08f478c556a8b00c129c0f8706dac2',
  'f32_stereo comp': '6e575900c501957f5287531b4efa794e4898a8d42e338e993c975e00c010b637',
  'f32_stereo gains': 'edd69cde15315b332c868a28b80eddfda384627edfd31161225ad75999e2c0e0',
}

let dir = ''
let cleanup: () => Promise<void> = async () => {}
beforeAll(async () => {
  ;({ dir, cleanup } = await makeTempDir('booth-render-pinned-'))
})
afterAll(async () => {
  await cleanup()
})

describe('the renderer writes the bytes it always wrote', () => {
  it('renders generated sources to the pinned SHA-256 in every format', async () => {
    const got: Record<string, string> = {}
    for (const [name, format] of Object.entries(FORMATS)) {
      const a = await writeGeneratedWav(join(dir, `${name}-a.wav`), format, 30_000, 1)
      const b = await writeGeneratedWav(join(dir, `${name}-b.wav`), format, 24_001, 2)
      for (const [label, list] of [
        ['comp', comp(format)],
        ['gains', gains(format)],
      ] as const) {
        const sources = new Map<string, WavSource>([
          [A, await openWavSource(a)],
          [B, await openWavSource(b)],
        ])
        const out = join(dir, `${name}-${label}.wav`)
        try {
          await renderEditList(list, sources, out)
        } finally {
          for (const s of sources.values()) await s.close()
        }
        got[`${name} ${label}`] = await sha256File(out)
      }
    }
    expect(got).toEqual(PINNED)
  })
})
