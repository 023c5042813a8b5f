/**
 * Audio whose header does not state its length — a FLAC written to a pipe (ffmpeg reports "Duration: N/A"),
 * an MP3 inside a WAV (whose header's byte rate is 0 in ffmpeg's and other writers' files) — imports and
 * is measured whenever ffmpeg decodes it: its length comes from decoding, not from the header.
 */
import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { measureTake } from '../../../main/audio/measure-take'
import { TakeStore } from '../../../main/takes/take-store'
import { bufferSource, walkWav } from '../../../main/media/wav-chunks'

const run = promisify(execFile)
let root: string
let sources: string
let store: TakeStore
let n = 0

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'booth-undeclared-'))
  sources = join(root, 'dropped')
  await mkdir(sources)
})
afterAll(() => rm(root, { recursive: true, force: true }))
beforeEach(() => {
  store = new TakeStore({ dataDir: join(root, `data${++n}`), measure: measureTake })
})

/** What `command` writes to its stdout (a pipe: the writer cannot go back to fill in its header), as a file. */
async function piped(name: string, command: string): Promise<string> {
  const { stdout } = await run('sh', ['-c', `${command} | cat`], { encoding: 'buffer', maxBuffer: 2 ** 24 })
  const path = join(sources, name)
  await writeFile(path, stdout)
  return path
}

describe('audio whose header leaves its length open', () => {
  it('imports and measures a FLAC ffmpeg wrote to a pipe (Duration: N/A)', async () => {
    const path = await piped('ffmpeg-piped.flac', 'ffmpeg -v error -f lavfi -i sine=d=3:r=48000 -f flac -')
    const { stderr } = await run('ffmpeg', ['-hide_banner', '-i', path], { encoding: 'utf8' }).catch(
      (e: { stderr: string }) => e,
    )
    expect(stderr).toMatch(/Duration: N\/A/)
    const take = await store.import('700', path, { stem: 'A' })
    expect(take.file_name).toMatch(/\.flac$/)
    expect(take.preflight).toMatchObject({ measured: true, duration_s: 3, codec: 'flac', sample_rate: 48_000 })
  })

  it('imports and measures a FLAC sox wrote to its standard output', async () => {
    const path = await piped('sox-piped.flac', 'sox -n -r 44100 -t flac - synth 2.5 sine 440')
    const take = await store.import('700', path, { stem: 'A' })
    expect(take.preflight).toMatchObject({ measured: true, duration_s: 2.5, codec: 'flac', sample_rate: 44_100 })
  })

  it.each([
    ['variable bit rate: byte rate 0', [], 0],
    ['64 kb/s: byte rate 8000', ['-b:a', '64k'], 8000],
  ])('imports and measures an MP3 inside a WAV (WAVE_FORMAT_MPEGLAYER3, %s)', async (_what, rate, byteRate) => {
    const path = join(sources, `mp3-in-${byteRate}.wav`)
    await run('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'sine=d=3:r=48000',
      '-c:a',
      'libmp3lame',
      ...rate,
      '-f',
      'wav',
      path,
    ])
    const bytes = await readFile(path)
    const fmt = bytes.indexOf('fmt ') + 8
    expect(bytes.readUInt16LE(fmt)).toBe(0x0055) // WAVE_FORMAT_MPEGLAYER3
    expect(bytes.readUInt32LE(fmt + 8)).toBe(byteRate)
    expect(await walkWav(bufferSource(bytes))).toMatchObject({ ok: true, durationS: null }) // only decoding can tell
    const take = await store.import('700', path, { stem: 'A' })
    expect(take.file_name).toMatch(/\.wav$/)
    expect(take.preflight).toMatchObject({ measured: true, codec: 'mp3', sample_rate: 48_000 })
    expect(take.preflight?.duration_s).toBeGreaterThan(2.95)
    expect(take.preflight?.duration_s).toBeLessThan(3.1)
  })

  it('delivers all of an MP3 inside a WAV whose header states too little, saying so in bytes', async () => {
    const path = join(sources, 'mp3-in-short-header.wav')
    await run('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'sine=d=3:r=48000',
      '-c:a',
      'libmp3lame',
      '-f',
      'wav',
      path,
    ])
    const bytes = Buffer.from(await readFile(path))
    const sizeAt = bytes.indexOf('data') + 4
    const all = bytes.readUInt32LE(sizeAt)
    bytes.writeUInt32LE(Math.floor(all / 10), sizeAt)
    await writeFile(path, bytes)
    const take = await store.import('700', path, { stem: 'A' })
    expect(take.import_notice).toBe(
      `The header says ${Math.floor(all / 10)} bytes of audio but ${all} follow: Booth will deliver all of them.`,
    )
    expect(take.preflight?.duration_s).toBeGreaterThan(2.95)
  })

  it('still refuses an MP3 inside a WAV that is cut off, naming it', async () => {
    const path = join(sources, 'mp3-in-whole.wav')
    await run('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'sine=d=3:r=48000',
      '-c:a',
      'libmp3lame',
      '-f',
      'wav',
      path,
    ])
    const bytes = await readFile(path)
    const cut = join(sources, 'mp3-in-cut.wav')
    await writeFile(cut, bytes.subarray(0, Math.floor(bytes.length / 2)))
    await expect(store.import('700', cut, { stem: 'A' })).rejects.toThrow(
      new RegExp(
        String.raw`^"mp3-in-cut\.wav" ends in the middle of its audio data \(after \d+ of the \d+ bytes its ` +
          String.raw`header states\); it was cut off while being written or copied\.$`,
      ),
    )
  })
})
