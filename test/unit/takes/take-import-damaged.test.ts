/**
 * Damaged and hostile dropped files, end to end through TakeStore.import with the real measurement
 * (main/audio's measureTake on real ffmpeg): each is either measured right or refused with its problem named,
 * and what is measured is the very file that would be uploaded.
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { measureTake } from '../../../main/audio/measure-take'
import { TakeStore } from '../../../main/takes/take-store'
import { bufferSource, walkWav } from '../../../main/media/wav-chunks'
import { appended, brokenList, claimSeconds, cutAt, id3v1, streamed, tone } from './helpers/damaged-wav'
import { HOSTILE_FILE_NAMES, HOSTILE_STEMS } from './helpers/hostile-files'
import { ffprobe } from './helpers/media'

const run = promisify(execFile)
let root: string
let sources: string
let dataDir: string
let store: TakeStore
let n = 0
let s16: Buffer
const BPS = 96_000

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'booth-damaged-'))
  sources = join(root, 'dropped')
  await mkdir(sources)
  await tone(join(sources, 'ten.wav'), 10)
  s16 = await readFile(join(sources, 'ten.wav'))
})
afterAll(() => rm(root, { recursive: true, force: true }))
beforeEach(() => {
  dataDir = join(root, `data${++n}`)
  store = new TakeStore({ dataDir, measure: measureTake })
})

const put = async (name: string, bytes: Buffer | string) => {
  const path = join(sources, name)
  await writeFile(path, bytes)
  return path
}
const jobFiles = () =>
  readdir(join(dataDir, 'takes', '700')).then(
    (names) => names.filter((f) => !f.startsWith('.')),
    () => [],
  )

describe('damaged WAVs', () => {
  it('refuses a WAV cut off mid-data, saying where it ends, and copies nothing', async () => {
    const path = await put('cut.wav', cutAt(s16, 3.2, BPS))
    await expect(store.import('700', path, { stem: 'A' })).rejects.toThrow(
      '"cut.wav" ends in the middle of its audio data at 3.2 s (its header says 10.0 s); it was cut off while being written or copied.',
    )
    expect(await jobFiles()).toEqual([])
  })

  it('delivers all 10 s when the header says 1 s: the copy says 10 s, is measured as 10 s, and the take says why', async () => {
    const path = await put('short-header.wav', claimSeconds(s16, 1, BPS))
    const take = await store.import('700', path, { stem: 'A' })
    expect(take.import_notice).toBe('The header says 1.0 s but 10.0 s of audio follow: Booth will deliver all 10.0 s.')
    expect(take.preflight).toMatchObject({ measured: true, duration_s: 10 })
    const copy = await readFile(store.audioPath(take))
    expect((await ffprobe(store.audioPath(take))).durationS).toBeCloseTo(10, 3)
    expect(await walkWav(bufferSource(copy))).toMatchObject({ ok: true, sizeState: 'exact', durationS: 10 })
    expect(copy.subarray(44).equals(s16.subarray(44))).toBe(true) // the audio bytes are the source's, untouched
  })

  it.each([
    ['an ID3v1 tag', () => id3v1('Northstar spot', 'Maya Lindqvist')],
    ['one stray byte', () => Buffer.from([0x5a])],
    ['a LIST chunk with an impossible size', () => brokenList()],
  ])('keeps the stated 10 s when %s follows the audio, and says nothing', async (what, tail) => {
    const path = await put(`trailing-${what.replace(/\W+/g, '-')}.wav`, appended(s16, tail()))
    const take = await store.import('700', path, { stem: 'A' })
    expect(take.import_notice).toBeUndefined()
    expect(take.preflight).toMatchObject({ measured: true, duration_s: 10 })
    expect(await walkWav(bufferSource(await readFile(store.audioPath(take))))).toMatchObject({
      ok: true,
      sizeState: 'exact',
      dataBytes: 10 * BPS,
    })
  })

  it('delivers the 10 s after a header that says 1 s, and not the ID3v1 tag after them', async () => {
    const path = await put('short-header-tagged.wav', appended(claimSeconds(s16, 1, BPS), id3v1('Spot', 'Maya')))
    const take = await store.import('700', path, { stem: 'A' })
    expect(take.import_notice).toBe('The header says 1.0 s but 10.0 s of audio follow: Booth will deliver all 10.0 s.')
    expect(take.preflight).toMatchObject({ measured: true, duration_s: 10 })
    expect((await readFile(store.audioPath(take))).equals(s16)).toBe(true) // the copy is the whole audio, exact header, no tag
  })

  it.each([[0xffffffff], [0]] as const)(
    'accepts a streamed WAV (sizes %s) and measures its real length',
    async (value) => {
      const path = await put(`streamed-${value}.wav`, Buffer.concat([streamed(s16, value), Buffer.from([7])]))
      const take = await store.import('700', path, { stem: 'A' })
      expect(take.preflight).toMatchObject({ measured: true, duration_s: 10 })
      expect(take.import_notice).toBeUndefined()
      expect(await walkWav(bufferSource(await readFile(store.audioPath(take))))).toMatchObject({
        ok: true,
        sizeState: 'exact',
        dataBytes: 10 * BPS,
      })
    },
  )

  it('accepts a WAV ffmpeg wrote to a pipe (it could not go back to write its sizes)', async () => {
    const { stdout } = await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=d=4:r=48000', '-f', 'wav', '-'], {
      encoding: 'buffer',
      maxBuffer: 2 ** 24,
    })
    expect(stdout.readUInt32LE(4)).toBe(0xffffffff)
    const take = await store.import('700', await put('piped.wav', stdout), { stem: 'A' })
    expect(take.preflight).toMatchObject({ measured: true, duration_s: 4 })
  })

  it('accepts a WAV sox wrote to a pipe (a placeholder size near 2 GiB, audio to the end of the file)', async () => {
    // sox cannot seek back on a pipe, so it states 0x7FFFF000 data bytes; the audio ends where the file does.
    const { stdout } = await run('sh', ['-c', 'sox -n -r 48000 -b 24 -c 1 -t wav - synth 3 sine 440 | cat'], {
      encoding: 'buffer',
      maxBuffer: 2 ** 24,
    })
    expect(stdout.readUInt32LE(stdout.indexOf('data') + 4)).toBeGreaterThanOrEqual(0x7fff0000)
    const take = await store.import('700', await put('sox-piped.wav', stdout), { stem: 'A' })
    expect(take.preflight).toMatchObject({ measured: true, duration_s: 3 })
    expect(await walkWav(bufferSource(await readFile(store.audioPath(take))))).toMatchObject({
      ok: true,
      sizeState: 'exact',
      durationS: 3,
    })
  })

  it.each([
    ['mu-law.wav', ['-c:a', 'pcm_mulaw'], 'pcm_mulaw'],
    ['extensible-24.wav', ['-c:a', 'pcm_s24le'], 'pcm_s24le'],
    ['rf64.wav', ['-rf64', 'always'], 'pcm_s16le'],
  ])('measures %s', async (name, extra, codec) => {
    const path = join(sources, name)
    await tone(path, 2, extra)
    const take = await store.import('700', path, { stem: 'A' })
    expect(take.preflight).toMatchObject({ measured: true, duration_s: 2, codec })
    expect((await readFile(store.audioPath(take))).equals(await readFile(path))).toBe(true)
  })

  it('calls a text file renamed .wav a text file, and a zero-byte file empty', async () => {
    await expect(
      store.import('700', await put('script.wav', 'VO: Buy now!\n'.repeat(40)), { stem: 'A' }),
    ).rejects.toThrow('"script.wav" is a text file, not audio.')
    await expect(store.import('700', await put('zero.wav', Buffer.alloc(0)), { stem: 'A' })).rejects.toThrow(
      '"zero.wav" is empty (0 bytes), so there is no audio in it.',
    )
  })
})

describe('other containers cut off or damaged', () => {
  it.each([
    ['flac', []],
    ['aiff', []],
    ['mp3', []],
    ['m4a', ['-c:a', 'aac', '-movflags', '+faststart']],
  ])('refuses a .%s file cut off at a third, saying where its audio ends', async (ext, extra) => {
    const whole = join(sources, `whole.${ext}`)
    await tone(whole, 10, extra)
    const bytes = await readFile(whole)
    const path = await put(`cut.${ext}`, bytes.subarray(0, Math.floor(bytes.length * 0.32)))
    const err = await store.import('700', path, { stem: 'A' }).then(
      () => null,
      (e: unknown) => e as Error,
    )
    expect(err?.message).toMatch(
      new RegExp(
        `^"cut\\.${ext}" ends in the middle of its audio at [23]\\.\\d s \\(its header says 10\\.0 s\\); it was cut off while being written or copied\\.$`,
      ),
    )
    expect(await jobFiles()).toEqual([])
  })

  it('refuses an MP3 with garbage in its middle, naming what ffmpeg found', async () => {
    const whole = join(sources, 'whole.mp3')
    await tone(whole, 10)
    const bytes = Buffer.from(await readFile(whole))
    const mid = Math.floor(bytes.length / 2)
    for (let i = mid; i < mid + 3000; i++) bytes[i] = (i * 7) & 255
    const path = await put('garbled.mp3', bytes)
    await expect(store.import('700', path, { stem: 'A' })).rejects.toThrow(
      /^"garbled\.mp3" is damaged: ffmpeg reported ".+" after \d+\.\d s of audio\.$/,
    )
  })

  it('still takes the whole file of each', async () => {
    for (const ext of ['flac', 'aiff', 'mp3']) {
      const path = join(sources, `fine.${ext}`)
      await tone(path, 3)
      expect((await store.import('700', path, { stem: 'A' })).preflight).toMatchObject({ measured: true })
    }
  })
})

describe('files cut off in their header, or before their index', () => {
  /** The first `bytes` bytes of `source`, cut with head -c as a copy that stopped would be. */
  const headOf = async (source: string, bytes: number, name: string) => {
    const { stdout } = await run('head', ['-c', String(bytes), source], { encoding: 'buffer', maxBuffer: 2 ** 24 })
    return put(name, stdout)
  }
  const refusal = (path: string) =>
    store.import('700', path, { stem: 'A' }).then(
      () => null,
      (e: unknown) => (e as Error).message,
    )
  const CUT = 'it was cut off while being written or copied.'

  it('names an M4A cut off before its index (ffmpeg writes the moov box last)', async () => {
    const whole = join(sources, 'index-last.m4a')
    await tone(whole, 10, ['-c:a', 'aac'])
    const size = (await readFile(whole)).length
    expect(await refusal(await headOf(whole, Math.floor(size / 2), 'half.m4a'))).toBe(
      `"half.m4a" ends in the middle of its audio data, before its index (the MP4 "moov" box that says where the audio is), so it cannot be played; ${CUT}`,
    )
    expect(await refusal(await headOf(whole, 20, 'ftyp-cut.m4a'))).toBe(
      `"ftyp-cut.m4a" ends inside its header (after 20 bytes), before any audio: ${CUT}`,
    )
    const bytes = await readFile(whole)
    const moovAt = bytes.indexOf('moov') - 4
    expect(await refusal(await headOf(whole, moovAt, 'no-index.m4a'))).toBe(
      `"no-index.m4a" has no index (the MP4 "moov" box that says where its audio is), so it cannot be played; ${CUT}`,
    )
    expect(await refusal(await headOf(whole, moovAt + 100, 'index-cut.m4a'))).toBe(
      `"index-cut.m4a" ends in the middle of its index (the MP4 "moov" box that says where the audio is), so it cannot be played; ${CUT}`,
    )
    expect(await jobFiles()).toEqual([])
  })

  it.each([4, 8, 11])('calls a WAV cut after %i bytes cut off in its header, not a text file', async (bytes) => {
    const path = await headOf(join(sources, 'ten.wav'), bytes, `riff-${bytes}.wav`)
    expect(await refusal(path)).toBe(
      `"riff-${bytes}.wav" ends inside its header (after ${bytes} bytes), before any audio: ${CUT}`,
    )
  })

  it.each([
    ['flac', 30, 'ends inside its header (after 30 bytes), before any audio'],
    ['aiff', 30, 'ends inside its header (after 30 bytes), before any audio'],
    ['mp3', 20, 'ends inside its ID3 tag (after 20 bytes), before any audio'],
  ])('names a .%s cut off in its header', async (ext, bytes, words) => {
    const whole = join(sources, `header.${ext}`)
    await tone(whole, 2)
    expect(await refusal(await headOf(whole, bytes, `header-cut.${ext}`))).toBe(`"header-cut.${ext}" ${words}: ${CUT}`)
  })
})

describe('things that are not files', () => {
  it('refuses a FIFO at once, without opening it for reading', async () => {
    const fifo = join(root, 'pipe.wav')
    await run('mkfifo', [fifo])
    await expect(store.import('700', fifo, { stem: 'A' })).rejects.toThrow(
      '"pipe.wav" is a pipe (FIFO), not an audio file; drop the audio file itself.',
    )
  })

  it('refuses a device, a folder, a socket and a link to a folder', async () => {
    await expect(store.import('700', '/dev/null', { stem: 'A' })).rejects.toThrow(
      '"null" is a device, not an audio file',
    )
    const folder = join(root, 'takes.wav')
    await mkdir(folder, { recursive: true })
    await expect(store.import('700', folder, { stem: 'A' })).rejects.toThrow(
      '"takes.wav" is a folder, not an audio file',
    )
    const link = join(root, 'link.wav')
    await symlink(folder, link)
    await expect(store.import('700', link, { stem: 'A' })).rejects.toThrow('"link.wav" is a folder')
    const sock = join(root, 's.sock')
    const server = createServer()
    await new Promise<void>((resolve) => server.listen(sock, resolve))
    try {
      await expect(store.import('700', sock, { stem: 'A' })).rejects.toThrow('"s.sock" is a socket, not an audio file')
    } finally {
      server.close()
    }
  })

  // Tests run as root, for whom chmod 000 changes nothing; a write-only sysfs file refuses even root (EACCES).
  const WRITE_ONLY = '/sys/bus/pci/rescan'
  it.skipIf(!existsSync(WRITE_ONLY))('refuses a file that cannot be read', async () => {
    await expect(store.import('700', WRITE_ONLY, { stem: 'A' })).rejects.toThrow(
      '"rescan" cannot be read (permission denied).',
    )
  })
})

describe("Booth's copies of files dropped onto the web page", () => {
  const incoming = (name: string) => join(dataDir, 'incoming', 'a1b2c3d4', name)
  const dropCopy = async (name: string, bytes: Buffer | string) => {
    await mkdir(join(dataDir, 'incoming', 'a1b2c3d4'), { recursive: true })
    await writeFile(incoming(name), bytes)
    return incoming(name)
  }

  it('are removed once imported', async () => {
    await store.import('700', await dropCopy('take.wav', s16), { stem: 'A' })
    expect(await readdir(join(dataDir, 'incoming'))).toEqual([])
  })

  it('are removed when refused', async () => {
    await expect(store.import('700', await dropCopy('notes.wav', 'not audio\n'), { stem: 'A' })).rejects.toThrow(
      'a text file',
    )
    expect(await readdir(join(dataDir, 'incoming'))).toEqual([])
  })

  it("leave the person's own files where they are", async () => {
    const path = await put('mine.wav', s16)
    await store.import('700', path, { stem: 'A' })
    expect(existsSync(path)).toBe(true)
  })
})

describe('the hostile corpus of file names and stems', () => {
  it('imports a file of any name, keeping its name as data and the copy inside the job folder', async () => {
    for (const [i, name] of HOSTILE_FILE_NAMES.entries()) {
      const dir = join(sources, `hostile-${i}`)
      await mkdir(dir, { recursive: true })
      const path = join(dir, name)
      await writeFile(path, s16)
      const take = await store.import('700', path, { stem: HOSTILE_STEMS[i % HOSTILE_STEMS.length] ?? null })
      expect(take.original_name, name).toBe(name)
      expect(take.file_name).toMatch(/^[A-Za-z0-9_.-]+_main_\d{2}\.wav$/)
      expect(take.preflight, name).toMatchObject({ measured: true, duration_s: 10 })
      expect(existsSync(join(dataDir, 'takes', '700', take.file_name))).toBe(true)
    }
    expect(existsSync(join(process.cwd(), 'pwned'))).toBe(false)
    // Every name is a real import measured by ffmpeg (about 20 s in all on a quiet 2-core machine): the
    // default 30 s ran out on a busy one, with every import still correct.
  }, 120_000)
})
