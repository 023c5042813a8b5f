/**
 * A WAV's samples per channel held whole, full scale ±1 (Float32), read block by block: the tests' reference
 * for the finish's steps over arrays, which the finish itself no longer holds (it reads the render from its
 * file a block at a time: main/finish/render-file.ts).
 */
import { fullScale, openWavSource } from '../../main/media/wav-source'

/** Frames read at a time. */
export const READ_FRAMES = 1 << 16

export async function channelsOf(
  path: string,
  blockFrames = READ_FRAMES,
): Promise<{ ch: Float32Array[]; rate: number }> {
  const src = await openWavSource(path)
  try {
    const { channels, sample_rate, encoding } = src.format
    const scale = 1 / fullScale(encoding)
    const ch = Array.from({ length: channels }, () => new Float32Array(src.frames))
    for (let from = 0; from < src.frames; from += blockFrames) {
      const count = Math.min(blockFrames, src.frames - from)
      const x = await src.readFrames(from, count)
      for (let c = 0; c < channels; c++) {
        const out = ch[c] as Float32Array
        for (let f = 0; f < count; f++) out[from + f] = (x[f * channels + c] as number) * scale
      }
    }
    return { ch, rate: sample_rate }
  } finally {
    await src.close()
  }
}
