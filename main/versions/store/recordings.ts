/**
 * The recordings versions are made of, kept by content: `<dir>/<sha256>.wav`, named by the SHA-256 of the
 * WAV bytes the renderer reads. A take's own WAV, a pickup's or another take's is hard-linked in (copied
 * where links are not possible), so relabelling, deleting or emptying the trash of the take it came from
 * never takes it from a version; nothing here is ever written twice or changed.
 * - A recording the renderer does not read as it is (FLAC, MP3, M4A, AIFF, 8-bit, µ-law/A-law, 64-bit float)
 *   is decoded once by ffmpeg into a WAV source (lossless codecs at their own bit depth, lossy ones as
 *   24-bit), remembered by the SHA-256 of the original file.
 * - A pickup in another sample rate, channel count or sample format than the take is conformed once to the
 *   take's (ffmpeg's resampler), remembered the same way. Renders then read only these stored files, so
 *   every render of a version is bit-identical.
 */
import { copyFile, link, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { runFfmpeg } from '../../audio/run-ffmpeg'
import { parseInputAudioStream } from '../../audio/parse-input-stream'
import { writeFileAtomic } from '../../storage/atomic-file'
import { sha256File } from '../../storage/content-hash'
import type { AudioFormat, SampleEncoding } from '../../../shared/versions/edit-list'
import { openWavSource, UnsupportedSourceError, type WavSource } from '../../media/wav-source'

export interface RecordingRef {
  hash: string
  path: string
  format: AudioFormat
  frames: number
}

export { sha256File }

const CODEC: Record<SampleEncoding, string> = {
  pcm_s16: 'pcm_s16le',
  pcm_s24: 'pcm_s24le',
  pcm_s32: 'pcm_s32le',
  float32: 'pcm_f32le',
}

/** The WAV encoding a decoded file keeps: its own bit depth when lossless, 24-bit when lossy. */
function encodingFor(codec: string, bitDepth: number | null): SampleEncoding {
  if (/^pcm_f/.test(codec)) return 'float32'
  if (bitDepth === null) return 'pcm_s24'
  return bitDepth <= 16 ? 'pcm_s16' : bitDepth <= 24 ? 'pcm_s24' : 'pcm_s32'
}

export class Recordings {
  /** SHA-256 of files already looked at, by path, size and modification time. */
  private readonly known = new Map<string, string>()

  constructor(
    readonly dir: string,
    private readonly options: { ffmpegPath?: string } = {},
  ) {}

  pathOf(hash: string): string {
    return join(this.dir, `${hash}.wav`)
  }

  /** The SHA-256 of any file, read once per change (path, size, modification time, inode); `fresh` reads it again. */
  async hashOf(path: string, fresh = false): Promise<string> {
    const info = await stat(path)
    const key = `${path}|${info.size}|${info.mtimeMs}|${info.ino}`
    const hit = fresh ? undefined : this.known.get(key)
    if (hit) return hit
    const hash = await sha256File(path)
    this.known.set(key, hash)
    return hash
  }

  /**
   * Whether the stored recording of `hash` still holds the bytes it is named by (its content hash, written
   * with it): 'damaged' when they changed on disk since. Read once per change of the file; `fresh` (right
   * before an upload) reads it again whatever was seen before.
   */
  async check(hash: string, fresh = false): Promise<'ok' | 'damaged' | 'missing'> {
    try {
      return (await this.hashOf(this.pathOf(hash), fresh)) === hash ? 'ok' : 'damaged'
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'missing'
      throw err
    }
  }

  /**
   * Keeps a take's own file's content hash with it, as a hard link named by that hash (`<sha256>.sealed`, any
   * audio format; never a source a version reads): made as the take's file is complete (TakeShelf.sealWritten), else at its first check, then
   * found again by linkedHashOf. Nothing is made where the disk cannot link. Returns the hash.
   */
  async seal(path: string): Promise<string> {
    const hash = await this.hashOf(path)
    const target = join(this.dir, `${hash}.sealed`)
    if (await exists(target)) return hash
    await mkdir(this.dir, { recursive: true })
    const temp = join(
      this.dir,
      `.${hash}.sealed.${process.pid}.${Date.now().toString(16).slice(-8).padStart(8, '0')}.tmp`,
    )
    try {
      await link(path, temp)
      await rename(temp, target)
    } finally {
      await rm(temp, { force: true })
    }
    return hash
  }

  /** The hash a stored recording (or a take's seal) is named by that is this very file (hard-linked in), or null. */
  async linkedHashOf(path: string): Promise<string | null> {
    const info = await stat(path).catch(() => null)
    if (!info) return null
    for (const name of await readdir(this.dir).catch(() => [] as string[])) {
      const m = /^([0-9a-f]{64})\.(?:wav|sealed)$/.exec(name)
      if (!m) continue
      const there = await stat(join(this.dir, name)).catch(() => null)
      if (there && there.ino === info.ino && there.dev === info.dev) return m[1] as string
    }
    return null
  }

  /** The stored recording of a hash, with its format and length. */
  async get(hash: string): Promise<RecordingRef> {
    const src = await openWavSource(this.pathOf(hash))
    try {
      return { hash, path: src.path, format: src.format, frames: src.frames }
    } finally {
      await src.close()
    }
  }

  /** Keeps a recording (linked in, or decoded once into a WAV) and returns it as a source. */
  async add(path: string): Promise<RecordingRef> {
    await mkdir(this.dir, { recursive: true })
    const original = await this.hashOf(path)
    // A stored copy that changed on disk since is replaced by these bytes, which are what it is named by.
    if ((await exists(this.pathOf(original))) && (await this.check(original)) !== 'damaged') return this.get(original)
    const decodedKey = join(this.dir, `decoded-${original}.json`)
    const remembered = await readHash(decodedKey)
    if (remembered && (await exists(this.pathOf(remembered)))) return this.get(remembered)
    try {
      const src = await openWavSource(path)
      await src.close()
      await this.linkIn(path, original)
      return this.get(original)
    } catch (err) {
      if (!(err instanceof UnsupportedSourceError)) throw err
    }
    const hash = await this.convert(path, null)
    await writeFileAtomic(decodedKey, `${JSON.stringify({ hash })}\n`)
    return this.get(hash)
  }

  /** The recording in `format` (sample rate, channels, encoding): itself when it already is, else converted once. */
  async conform(ref: RecordingRef, format: AudioFormat): Promise<RecordingRef> {
    const f = ref.format
    if (f.sample_rate === format.sample_rate && f.channels === format.channels && f.encoding === format.encoding)
      return ref
    const key = join(this.dir, `conform-${ref.hash}-${format.sample_rate}-${format.channels}-${format.encoding}.json`)
    const remembered = await readHash(key)
    if (remembered && (await exists(this.pathOf(remembered)))) return this.get(remembered)
    const hash = await this.convert(ref.path, format)
    await writeFileAtomic(key, `${JSON.stringify({ hash })}\n`)
    return this.get(hash)
  }

  /** Opens the sources of these hashes for one render; close them with closeAll. */
  async open(hashes: Iterable<string>): Promise<Map<string, WavSource>> {
    const out = new Map<string, WavSource>()
    try {
      for (const hash of new Set(hashes)) out.set(hash, await openWavSource(this.pathOf(hash)))
    } catch (err) {
      await closeAll(out)
      throw err
    }
    return out
  }

  private async linkIn(path: string, hash: string): Promise<void> {
    const target = this.pathOf(hash)
    const temp = `${target}.${process.pid}.linking`
    await rm(temp, { force: true })
    try {
      await link(path, temp)
    } catch {
      await copyFile(path, temp)
    }
    await rename(temp, target)
  }

  /** Decodes (format null) or converts a file with ffmpeg into a stored WAV; returns its hash. */
  private async convert(path: string, format: AudioFormat | null): Promise<string> {
    const ffmpegPath = this.options.ffmpegPath
    let encoding = format?.encoding
    if (!encoding) {
      const probe = await runFfmpeg(['-hide_banner', '-i', path, '-map', '0:a:0', '-t', '0.01', '-f', 'null', '-'], {
        ffmpegPath,
      })
      const stream = parseInputAudioStream(probe.stderr)
      if (!stream) throw new Error(`ffmpeg found no audio in ${path}.`)
      encoding = encodingFor(stream.codec, stream.bitDepth)
    }
    const temp = join(this.dir, `.convert-${process.pid}-${Date.now()}.wav`)
    try {
      const shape = format ? ['-ar', String(format.sample_rate), '-ac', String(format.channels)] : []
      await runFfmpeg(
        [
          '-y',
          '-i',
          path,
          '-map',
          '0:a:0',
          '-map_metadata',
          '-1',
          ...shape,
          '-c:a',
          CODEC[encoding],
          '-f',
          'wav',
          '-bitexact',
          temp,
        ],
        { ffmpegPath },
      )
      const hash = await sha256File(temp)
      if (await exists(this.pathOf(hash))) await rm(temp, { force: true })
      else await rename(temp, this.pathOf(hash))
      return hash
    } finally {
      await rm(temp, { force: true })
    }
  }
}

export async function closeAll(sources: Map<string, WavSource>): Promise<void> {
  await Promise.all([...sources.values()].map((s) => s.close().catch(() => undefined)))
}

async function readHash(path: string): Promise<string | null> {
  try {
    const v = JSON.parse(await readFile(path, 'utf8')) as { hash?: unknown }
    return typeof v.hash === 'string' && /^[0-9a-f]{64}$/.test(v.hash) ? v.hash : null
  } catch {
    return null
  }
}

async function exists(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null)) !== null
}
