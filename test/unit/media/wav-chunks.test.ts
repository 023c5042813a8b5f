import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bufferSource,
  sizeNotice,
  walkWav,
  WAVE_FORMAT,
  type WavFacts,
  type WavWalk,
} from '../../../main/media/wav-chunks'
import { buildWavHeader } from '../../../main/media/wav-header'
import {
  appended,
  brokenList,
  claimSeconds,
  cutAt,
  id3v1,
  soxTone,
  streamed,
  tone,
  withOddChunk,
  withTrailingList,
} from '../takes/helpers/damaged-wav'

let dir: string
const files: Record<string, Buffer> = {}
const walk = (b: Uint8Array): Promise<WavWalk> => walkWav(bufferSource(b))
const facts = async (b: Uint8Array): Promise<WavFacts> => {
  const w = await walk(b)
  if (!w.ok) throw new Error(`expected facts, got ${w.reason}: ${w.message}`)
  return w
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'booth-wavchunks-'))
  const made: Array<[string, () => Promise<void>]> = [
    ['s16', () => tone(join(dir, 's16.wav'), 10)],
    ['s24', () => tone(join(dir, 's24.wav'), 1, ['-c:a', 'pcm_s24le'])],
    ['mulaw', () => tone(join(dir, 'mulaw.wav'), 1, ['-c:a', 'pcm_mulaw'], 8000)],
    ['rf64', () => tone(join(dir, 'rf64.wav'), 1, ['-rf64', 'always'])],
    ['float', () => tone(join(dir, 'float.wav'), 1, ['-c:a', 'pcm_f32le'])],
    ['sox8', () => soxTone(join(dir, 'sox8.wav'), 1, ['-b', '8', '-r', '8001'])],
  ]
  await Promise.all(made.map(([, make]) => make()))
  for (const [name] of made) files[name] = await readFile(join(dir, `${name}.wav`))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

const S16_BPS = 96_000 // 48 kHz mono 16-bit

describe('walkWav on files written by real tools', () => {
  it('reads ffmpeg 16-bit PCM with its LIST chunk', async () => {
    const f = await facts(files['s16']!)
    expect(f).toMatchObject({ container: 'RIFF', sizeState: 'exact', dataBytes: 10 * S16_BPS })
    expect(f.format).toMatchObject({ codecTag: WAVE_FORMAT.PCM, channels: 1, sampleRate: 48_000, bitsPerSample: 16 })
    expect(f.chunks).toEqual(['fmt ', 'LIST', 'data'])
    expect(f.durationS).toBe(10)
  })

  it('reads WAVE_FORMAT_EXTENSIBLE 24-bit by its sub-format', async () => {
    const f = await facts(files['s24']!)
    expect(f.format).toMatchObject({
      formatTag: WAVE_FORMAT.EXTENSIBLE,
      codecTag: WAVE_FORMAT.PCM,
      bitsPerSample: 24,
      blockAlign: 3,
    })
    expect(f.durationS).toBe(1)
  })

  it('reads µ-law (with its fact chunk) and 32-bit float', async () => {
    const mu = await facts(files['mulaw']!)
    expect(mu.format.codecTag).toBe(WAVE_FORMAT.MULAW)
    expect(mu.chunks).toContain('fact')
    expect(mu.durationS).toBe(1)
    expect((await facts(files['float']!)).format.codecTag).toBe(WAVE_FORMAT.FLOAT)
  })

  it('reads RF64 sizes from ds64', async () => {
    const f = await facts(files['rf64']!)
    expect(f).toMatchObject({ container: 'RF64', sizeState: 'exact', dataBytes: S16_BPS })
    expect(f.ds64BodyOffset).toBe(20)
  })

  it('reads sox 8-bit audio of odd length (data chunk with its pad byte)', async () => {
    const f = await facts(files['sox8']!)
    expect(f).toMatchObject({ dataBytes: 8001, sizeState: 'exact' })
  })

  it('follows an odd-sized chunk with and without its pad byte', async () => {
    for (const pad of [true, false]) {
      const f = await facts(withOddChunk(files['s16']!, 'bext', 'x'.repeat(7), pad))
      expect(f.chunks).toEqual(['fmt ', 'LIST', 'bext', 'data'])
      expect(f.durationS).toBe(10)
    }
  })
})

describe("walkWav on Booth's own recorder files (JUNK reserved for ds64, RF64)", () => {
  it('reads the RIFF + JUNK form and the RF64 + ds64 form with 0xFFFFFFFF 32-bit sizes', async () => {
    const { buildWavHeader } = await import('../../../main/media/wav-header')
    const audio = Buffer.alloc(48_000 * 2 * 2 * 3) // 3 s of 48 kHz stereo 16-bit
    const format = { sampleRate: 48_000, channels: 2, bitsPerSample: 16 }
    for (const rf64 of [false, true]) {
      const f = await facts(
        Buffer.concat([buildWavHeader(format, { dataBytes: audio.length, padded: true, rf64 }), audio]),
      )
      expect(f).toMatchObject({ container: rf64 ? 'RF64' : 'RIFF', sizeState: 'exact', durationS: 3, dataOffset: 80 })
      expect(f.chunks).toEqual([rf64 ? 'ds64' : 'JUNK', 'fmt ', 'data'])
    }
  })

  it('reads an RF64 file whose ds64 leaves the size open as streamed', async () => {
    const { buildWavHeader } = await import('../../../main/media/wav-header')
    const audio = Buffer.alloc(96_000)
    const head = buildWavHeader(
      { sampleRate: 48_000, channels: 1, bitsPerSample: 16 },
      { dataBytes: 0, padded: false, rf64: true },
    )
    expect(await facts(Buffer.concat([head, audio]))).toMatchObject({ sizeState: 'streamed', durationS: 1 })
  })
})

describe('walkWav on damaged files', () => {
  it('names where a file cut off mid-data ends', async () => {
    const w = await walk(cutAt(files['s16']!, 3.2, S16_BPS))
    expect(w).toMatchObject({ ok: false, reason: 'truncated' })
    expect(!w.ok && w.message).toBe(
      'ends in the middle of its audio data at 3.2 s (its header says 10.0 s); it was cut off while being written or copied.',
    )
  })

  it('takes all the audio when the header says 1 s but 10 s follow', async () => {
    const f = await facts(claimSeconds(files['s16']!, 1, S16_BPS))
    expect(f).toMatchObject({ sizeState: 'longer_than_header', durationS: 10, declaredDurationS: 1 })
  })

  it('keeps metadata chunks after the audio out of it', async () => {
    const f = await facts(withTrailingList(files['s16']!, 'a comment after the audio'))
    expect(f).toMatchObject({ sizeState: 'exact', durationS: 10 })
  })

  it('keeps a LIST chunk after odd-length audio out of it, with or without the pad byte', async () => {
    const sox8 = files['sox8']!
    const unpadded = sox8.subarray(0, sox8.length - 1)
    for (const base of [sox8, unpadded]) {
      const f = await facts(withTrailingList(Buffer.from(base), 'notes'))
      expect(f).toMatchObject({ sizeState: 'exact', dataBytes: 8001 })
    }
  })

  it.each([[0xffffffff], [0]] as const)('reads a streamed WAV with sizes %s to the end of the file', async (value) => {
    const f = await facts(streamed(files['s16']!, value))
    expect(f).toMatchObject({ sizeState: 'streamed', declaredDataBytes: null, durationS: 10 })
  })

  it('cuts a partial last frame of a streamed file', async () => {
    const f = await facts(Buffer.concat([streamed(files['s16']!, 0xffffffff), Buffer.from([1])]))
    expect(f.dataBytes).toBe(10 * S16_BPS)
  })

  it.each([
    ['text', () => Buffer.from('INT. BOOTH - DAY\n'.repeat(20)), 'not_wav'],
    ['empty', () => Buffer.alloc(0), 'too_short'],
    ['a header cut in its format chunk', () => files['s16']!.subarray(0, 30), 'header_cut'],
  ])('names the problem of %s', async (_name, bytes, reason) => {
    expect(await walk(bytes())).toMatchObject({ ok: false, reason })
  })

  it('names a header with no audio, and a garbled chunk name', async () => {
    const s16 = files['s16']!
    const at = s16.indexOf('data')
    expect(await walk(s16.subarray(0, at + 8))).toMatchObject({ ok: false, reason: 'no_audio' })
    const garbled = Buffer.from(s16)
    garbled.writeUInt32LE(0x00010203, 36)
    expect(await walk(garbled)).toMatchObject({ ok: false, reason: 'damaged_chunk' })
  })
})

describe('what follows the stated audio', () => {
  const s16 = () => files['s16']!
  const honest = { sizeState: 'exact', durationS: 10, dataBytes: 10 * S16_BPS }

  it.each([
    ['an ID3v1 tag', () => appended(s16(), id3v1('Northstar spot', 'Maya Lindqvist'))],
    ['a LIST chunk and then an ID3v1 tag', () => appended(withTrailingList(s16(), 'notes'), id3v1('Spot', 'Maya'))],
    ['one stray byte', () => appended(s16(), Buffer.from([0x5a]))],
    ['a few stray bytes', () => appended(s16(), Buffer.from([0x01, 0x02, 0x03, 0xfe, 0xff, 0x00, 0x7f]))],
    ['a LIST chunk with an impossible size', () => appended(s16(), brokenList())],
    ['512 bytes of zero padding', () => appended(s16(), Buffer.alloc(512))],
  ])('keeps the stated length when %s follows, and says nothing', async (_what, bytes) => {
    const f = await facts(bytes())
    expect(f).toMatchObject(honest)
    expect(sizeNotice(f)).toBeNull()
  })

  it('still takes the audio that follows a stale header (it says 1 s while 10 s follow)', async () => {
    const f = await facts(appended(claimSeconds(s16(), 1, S16_BPS), id3v1('Spot', 'Maya')))
    expect(f).toMatchObject({ sizeState: 'longer_than_header', durationS: 10, declaredDurationS: 1 })
  })

  it('never words a stale header as two equal lengths (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(8000, 22_050, 44_100, 48_000, 96_000),
        fc.integer({ min: 1, max: 2 }),
        fc.constantFrom(16, 24),
        fc.integer({ min: 1, max: 20_000 }),
        fc.integer({ min: 0, max: 40_000 }),
        async (sampleRate, channels, bitsPerSample, frames, extraBytes) => {
          const block = (channels * bitsPerSample) / 8
          const head = buildWavHeader(
            { sampleRate, channels, bitsPerSample },
            { dataBytes: frames * block, padded: false, rf64: false },
          )
          const f = await facts(Buffer.concat([head, Buffer.alloc(frames * block + extraBytes)]))
          const notice = sizeNotice(f)
          if (notice === null) return
          const [said, all] = [...notice.matchAll(/(\d+\.\d+) s/g)].map((m) => m[1])
          expect(said).not.toBe(all)
          expect(Number(all)).toBeGreaterThan(Number(said))
        },
      ),
      { numRuns: 300 },
    )
  })
})

describe('walkWav never crashes', () => {
  const isAnswer = (w: WavWalk) =>
    w.ok
      ? w.dataBytes > 0 &&
        (w.durationS === null || (Number.isFinite(w.durationS) && w.durationS > 0)) &&
        w.dataOffset + w.dataBytes <= 12 + Number.MAX_SAFE_INTEGER
      : typeof w.message === 'string' && w.message.length > 10

  it('answers facts or a named reason for arbitrary bytes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 512 }), async (bytes) => {
        expect(isAnswer(await walk(bytes))).toBe(true)
      }),
      { numRuns: 500 },
    )
  })

  it('answers facts or a named reason for a real WAV with arbitrary bytes overwritten or cut', async () => {
    const base = files['s24']!.subarray(0, 400)
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat({ max: 120 }), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }),
        fc.nat({ max: 400 }),
        async (edits, cut) => {
          const b = Buffer.from(base.subarray(0, cut))
          for (const [at, v] of edits) if (at < b.length) b[at] = v
          const w = await walk(b)
          expect(isAnswer(w)).toBe(true)
          if (w.ok) expect(w.dataOffset + w.dataBytes).toBeLessThanOrEqual(b.length)
        },
      ),
      { numRuns: 500 },
    )
  })
})

describe('parseWavHeader (crash repair) on arbitrary bytes', () => {
  it('answers a header or a WavHeaderError, never another exception', async () => {
    const { parseWavHeader, WavHeaderError } = await import('../../../main/media/wav-header')
    const riffPrefix = fc
      .uint8Array({ maxLength: 300 })
      .map((rest) => Buffer.concat([Buffer.from('RIFF\xff\xff\xff\xffWAVE', 'latin1'), rest]))
    fc.assert(
      fc.property(
        fc.oneof(
          fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)),
          riffPrefix,
        ),
        (bytes) => {
          try {
            const h = parseWavHeader(bytes)
            expect(h.dataOffset).toBeLessThanOrEqual(bytes.length)
          } catch (err) {
            expect(err).toBeInstanceOf(WavHeaderError)
          }
        },
      ),
      { numRuns: 1000 },
    )
  })
})
