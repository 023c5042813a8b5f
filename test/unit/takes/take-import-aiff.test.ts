/**
 * AIFFs whose COMM chunk disagrees with their sound data (SSND), end to end through TakeStore.import with
 * the real measurement: a COMM that states fewer frames than the file holds is settled in Booth's copy
 * (the copy plays as long as it measures), the dropped file is left as it was, and the take says why.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { measureTake } from '../../../main/audio/measure-take'
import { aiffFrames, extendedToNumber } from '../../../main/media/aiff-header'
import { TakeStore } from '../../../main/takes/take-store'
import { bufferSource } from '../../../main/media/wav-bytes'
import { ffprobe } from './helpers/media'

const run = promisify(execFile)
let root: string
let n = 0

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'booth-aiff-'))
})
afterAll(() => rm(root, { recursive: true, force: true }))

/** A 10 s 48 kHz mono tone as AIFF (pcm_s16be) or AIFF-C (pcm_s16le: compression "sowt"). */
async function tone(codec: 'pcm_s16be' | 'pcm_s16le'): Promise<Buffer> {
  const path = join(root, `tone-${codec}.aiff`)
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'sine=f=440:d=10:sample_rate=48000',
    '-c:a',
    codec,
    path,
  ])
  return readFile(path)
}

/** The same file with COMM's numSampleFrames set to `frames`. */
async function claiming(bytes: Buffer, frames: number): Promise<Buffer> {
  const found = await aiffFrames(bufferSource(bytes))
  if (!found) throw new Error('not an AIFF Booth reads')
  const copy = Buffer.from(bytes)
  copy.writeUInt32BE(frames, found.framesFieldAt)
  return copy
}

function storeFor(): TakeStore {
  return new TakeStore({ dataDir: join(root, `data${++n}`), measure: measureTake })
}

describe('AIFF sample rates', () => {
  it('reads the 80-bit extended rate of AIFF', () => {
    const rate = (hex: string) => extendedToNumber(Buffer.from(hex, 'hex'), 0)
    expect(rate('400EBB80000000000000')).toBe(48000)
    expect(rate('400EAC44000000000000')).toBe(44100)
    expect(rate('00000000000000000000')).toBeNaN()
  })

  it('reads any bytes after "FORM…AIFF" without throwing, and never finds more frames than the bytes hold (property)', async () => {
    const prefix = Buffer.from('FORM\0\0\0\0AIFF', 'latin1')
    const chunk = fc.record({
      id: fc.constantFrom('COMM', 'SSND', 'LIST', 'junk'),
      body: fc.uint8Array({ maxLength: 64 }),
      size: fc.option(fc.nat()),
    })
    await fc.assert(
      fc.asyncProperty(fc.array(chunk, { maxLength: 6 }), async (chunks) => {
        const parts = chunks.map(({ id, body, size }) => {
          const head = Buffer.alloc(8)
          head.write(id, 0, 'latin1')
          head.writeUInt32BE(Math.min(size ?? body.length, 0xffffffff), 4)
          return Buffer.concat([head, body])
        })
        const bytes = Buffer.concat([prefix, ...parts])
        const found = await aiffFrames(bufferSource(bytes))
        if (found) expect(found.heldFrames).toBeLessThanOrEqual(bytes.length)
      }),
      { numRuns: 500 },
    )
  })
})

describe.each([
  ['AIFF', 'pcm_s16be'],
  ['AIFF-C (sowt)', 'pcm_s16le'],
] as const)('an %s whose COMM disagrees with its sound data', (_, codec) => {
  it("says 1 s while 10 s follow: Booth's copy says 10 s, is measured as 10 s, and the take says why", async () => {
    const source = await claiming(await tone(codec), 48_000)
    const dropped = join(root, `short-comm-${codec}.aiff`)
    await writeFile(dropped, source)
    expect((await ffprobe(dropped)).durationS).toBeCloseTo(1, 3) // what a player trusting COMM would play
    const store = storeFor()
    const take = await store.import('700', dropped, { stem: 'A' })
    expect(take.import_notice).toBe('The header says 1.0 s but 10.0 s of audio follow: Booth will deliver all 10.0 s.')
    expect(take.preflight).toMatchObject({ measured: true, duration_s: 10 })
    expect((await ffprobe(store.audioPath(take))).durationS).toBeCloseTo(10, 3)
    expect((await readFile(dropped)).equals(source)).toBe(true) // the talent's own file is not touched
  })

  it('says 20 s while 10 s follow: refused as cut off, saying where its audio ends', async () => {
    const dropped = join(root, `long-comm-${codec}.aiff`)
    await writeFile(dropped, await claiming(await tone(codec), 960_000))
    await expect(storeFor().import('700', dropped, { stem: 'A' })).rejects.toThrow(
      `"long-comm-${codec}.aiff" ends in the middle of its audio at 10.0 s (its header says 20.0 s); it was cut off while being written or copied.`,
    )
  })

  it('agrees with its sound data: nothing to say', async () => {
    const dropped = join(root, `honest-${codec}.aiff`)
    await writeFile(dropped, await tone(codec))
    const take = await storeFor().import('700', dropped, { stem: 'A' })
    expect(take.import_notice).toBeUndefined()
    expect(take.preflight).toMatchObject({ measured: true, duration_s: 10 })
  })
})
