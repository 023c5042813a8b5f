/**
 * The tests' whole-take reader (test/support/read-channels.ts) reads block by block, as the finish reads its
 * render (issue 42, point 8). Whatever the block, the channels are the samples a whole-take read gives, to
 * the bit; and the level's trims, made on the chain's samples as they are passed, never touch the input
 * and give what a trim in place on arrays held whole gives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fullScale, openWavSource } from '../../../main/media/wav-source'
import { channelsOf } from '../../support/read-channels'
import { gainAndLimit, trimFactors, trimInPlace } from '../../../main/finish/level-chain'
import { materialize } from '../../../main/finish/level-stream'
import { MAX_SPOT_LENGTH_S } from '../../../main/finish/finish-take'
import { parseFinishArgs } from '../../../main/finish/finish-cli'
import { makeAudio, makeTempDir } from '../../support/audio-fixtures'

let dir: { dir: string; cleanup: () => Promise<void> }
let take: string

beforeAll(async () => {
  dir = await makeTempDir('booth-read-channels-')
  // Stereo 24-bit, an odd number of frames (1.23457 s at 44.1 kHz), noise then a tone: no block size divides it.
  take = await makeAudio(
    dir.dir,
    'take',
    [
      { kind: 'noise', seconds: 0.61, dbfs: -12 },
      { kind: 'tone', seconds: 0.62457, dbfs: -2, hz: 440 },
    ],
    { sampleRate: 44_100, channels: 2 },
  )
})
afterAll(async () => dir.cleanup())

/** The whole take read at once and split by channel: what the finish did before it read in blocks. */
async function wholeRead(path: string): Promise<Float32Array[]> {
  const src = await openWavSource(path)
  try {
    const { channels, encoding } = src.format
    const x = await src.readFrames(0, src.frames)
    const scale = 1 / fullScale(encoding)
    return Array.from({ length: channels }, (_, c) =>
      Float32Array.from({ length: src.frames }, (_, f) => (x[f * channels + c] as number) * scale),
    )
  } finally {
    await src.close()
  }
}

describe('the fitted take read in blocks', () => {
  it('gives exactly the whole-take read, for blocks of 13, 1000 and 65536 frames', async () => {
    const whole = await wholeRead(take)
    expect(whole).toHaveLength(2)
    expect(whole[0]?.length).toBeGreaterThan(50_000)
    expect(whole[0]?.some((v) => Math.abs(v) > 0.5)).toBe(true)
    for (const block of [13, 1000, 1 << 16]) {
      const { ch, rate } = await channelsOf(take, block)
      expect(rate).toBe(44_100)
      expect(ch).toHaveLength(2)
      for (let c = 0; c < 2; c++)
        expect(Buffer.from((ch[c] as Float32Array).buffer).equals(Buffer.from((whole[c] as Float32Array).buffer))).toBe(
          true,
        )
    }
  })
})

describe('the level chain and its trims', () => {
  it('never touches the input, gives two trims as the one trim, and as the in-place trim on arrays held whole', () => {
    const input = [Float32Array.from({ length: 4800 }, (_, i) => 0.5 * Math.sin(i / 7))]
    const before = input[0]?.slice() as Float32Array
    const plan = { gain_db: -6, limiter: null, trim_db: 0.2, target: '' }
    const chained = gainAndLimit(input, 48_000, plan)
    expect(materialize(chained.frames())[0]).not.toBe(input[0])
    const once = materialize(chained.frames(trimFactors(0.2)))
    expect(input[0]).toEqual(before)
    const g = 10 ** ((-6 + 0.2) / 20)
    once[0]?.forEach((v, i) => expect(v).toBeCloseTo((before[i] as number) * g, 6))
    expect(trimInPlace(materialize(chained.frames()), 0.2)).toEqual(once)
    const twice = materialize(chained.frames([...trimFactors(0.2), ...trimFactors(-0.5, 0.2)]))
    const g2 = 10 ** ((-6 - 0.5) / 20)
    twice[0]?.forEach((v, i) => expect(v).toBeCloseTo((before[i] as number) * g2, 6))
    expect(trimInPlace(trimInPlace(materialize(chained.frames()), 0.2), -0.5, 0.2)).toEqual(twice)
  })
})

describe('the spot length', () => {
  it('takes spots up to 3 hours, and a longer one is a usage error naming the limit', () => {
    expect(MAX_SPOT_LENGTH_S).toBe(10_800)
    const args = (s: string) => parseFinishArgs(['in.wav', '--spot-length', s, '--kind', 'dry_voice', '-o', 'out.wav'])
    expect(args('10800')).toMatchObject({ spotLengthS: 10_800 })
    expect(args('7200')).toMatchObject({ spotLengthS: 7200 })
    const refused = args('10801')
    expect(typeof refused).toBe('string')
    expect(refused).toContain('--spot-length 10801 is too long: Booth finishes spots of up to 3 hours (10800 seconds).')
  })
})
