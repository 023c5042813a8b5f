/**
 * Streaming 24-bit WAV writer for live recording. The renderer sends interleaved Float32 chunks
 * (10–50 ms each); `write` converts each at once (returning its level for the meter) and collects
 * about `syncIntervalS` of audio, which is then written, the header patched with the real sizes, and
 * fsync'd (at most twice per interval of wall time), off the caller's thread. A crash or kill therefore loses at most about one second
 * (the collecting buffer plus one write in flight), and `repairWav` restores the rest.
 * Memory stays flat: only the collecting buffer and the writes in flight are held.
 */
import { open, unlink, type FileHandle } from 'node:fs/promises'
import { encodePcm24, type Level } from './pcm24'
import { buildWavHeader, DATA_OFFSET, needsRf64, RIFF_SIZE_LIMIT, type PcmFormat } from './wav-header'
import { displayText, quotedName } from '../../shared/display-text'

export interface WavWriterOptions {
  sampleRate: number
  channels: number
  /** Audio seconds between data write + header patch + fsync. Default 0.5. */
  syncIntervalS?: number
  /** Largest RIFF size before the file becomes RF64. Default 0xFFFFFFFF; tests make it small. */
  rf64ThresholdBytes?: number
  /** Bytes handed to the disk but not yet written after which `write` refuses (disk far too slow). Default 64 MiB. */
  maxQueuedBytes?: number
}

export interface WavWriterStats {
  frames: number
  durationS: number
  dataBytes: number
  clippedSamples: number
  peakDbfs: number
  rf64: boolean
}

export interface WavWriter {
  readonly path: string
  readonly format: PcmFormat
  /** Converts and queues one chunk of interleaved samples; returns its live level. Throws on bad input or a failed disk. */
  write(chunk: Float32Array): Level
  /** Bytes converted but not yet on disk. */
  readonly queuedBytes: number
  readonly stats: WavWriterStats
  /** Resolves when everything handed to the disk so far is written and synced. */
  drain(): Promise<void>
  /** Writes the rest, the final header (with a pad byte for odd-length audio) and closes the file. */
  close(): Promise<WavWriterStats>
  /** Stops and deletes the file. */
  abort(): Promise<void>
  /**
   * After a failed write: drops what was not written, states what is on disk in the header (as far as the
   * disk still lets Booth write it; the last periodic header stays otherwise) and closes the file.
   * Returns what the file holds.
   */
  salvage(): Promise<WavWriterStats>
}

export class WavWriterError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'WavWriterError'
  }
}

/** The disk failed the recording (a write refused, or far behind): what is on disk can still be kept (salvage). */
export class WavWriteFailedError extends WavWriterError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'WavWriteFailedError'
  }
}

const BITS = 24
const BYTES_PER_SAMPLE = 3

function checkOptions(path: string, o: WavWriterOptions): void {
  if (typeof path !== 'string' || path.length === 0) throw new WavWriterError('A WAV writer needs a file path.')
  if (!Number.isInteger(o.sampleRate) || o.sampleRate < 8000 || o.sampleRate > 384000) {
    throw new WavWriterError(
      `Sample rate must be a whole number of Hz between 8000 and 384000 (got ${String(o.sampleRate)}).`,
    )
  }
  if (!Number.isInteger(o.channels) || o.channels < 1 || o.channels > 8) {
    throw new WavWriterError(`Channel count must be a whole number from 1 to 8 (got ${String(o.channels)}).`)
  }
  if (o.syncIntervalS !== undefined && !(o.syncIntervalS > 0 && o.syncIntervalS <= 5)) {
    throw new WavWriterError(`syncIntervalS must be above 0 and at most 5 seconds (got ${String(o.syncIntervalS)}).`)
  }
  if (
    o.rf64ThresholdBytes !== undefined &&
    !(Number.isInteger(o.rf64ThresholdBytes) && o.rf64ThresholdBytes >= 1024 && o.rf64ThresholdBytes <= RIFF_SIZE_LIMIT)
  ) {
    throw new WavWriterError(
      `rf64ThresholdBytes must be a whole number from 1024 to ${RIFF_SIZE_LIMIT} (got ${String(o.rf64ThresholdBytes)}).`,
    )
  }
}

/** Creates `path` (it must not exist yet: a take is never overwritten) and returns a writer for it. */
export async function openWavWriter(path: string, options: WavWriterOptions): Promise<WavWriter> {
  checkOptions(path, options)
  let fh: FileHandle
  try {
    fh = await open(path, 'wx')
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    if (code === 'EEXIST')
      throw new WavWriterError(
        `Cannot record to ${quotedName(path)}: a file with that name already exists, and a take is never overwritten.`,
        { cause: err },
      )
    throw new WavWriterError(
      `Cannot create the take file ${quotedName(path)}: ${displayText((err as Error).message)}`,
      { cause: err },
    )
  }
  const writer = new StreamingWavWriter(path, fh, options)
  try {
    await writer.start()
  } catch (err) {
    await fh.close().catch(() => undefined)
    await unlink(path).catch(() => undefined)
    throw new WavWriterError(`Cannot write the header of ${quotedName(path)}: ${displayText((err as Error).message)}`, {
      cause: err,
    })
  }
  return writer
}

class StreamingWavWriter implements WavWriter {
  readonly format: PcmFormat
  private readonly blockAlign: number
  private readonly flushBytes: number
  private readonly rf64Threshold: number
  private readonly maxQueued: number
  private pending: Buffer
  private pendingLen = 0
  private onDiskBytes = 0 // audio bytes written to the file so far
  private handedOff = 0 // audio bytes given to the write chain (written or in flight)
  private chain: Promise<void> = Promise.resolve()
  private failure: Error | null = null
  private finished: 'open' | 'closing' | 'closed' | 'aborted' = 'open'
  private rf64 = false
  private frames = 0
  private clipped = 0
  private peak = -Infinity
  private readonly minSyncGapMs: number
  private lastSyncAt = performance.now()

  constructor(
    readonly path: string,
    private readonly fh: FileHandle,
    o: WavWriterOptions,
  ) {
    this.format = { sampleRate: o.sampleRate, channels: o.channels, bitsPerSample: BITS }
    this.blockAlign = o.channels * BYTES_PER_SAMPLE
    this.flushBytes = Math.max(1, Math.round((o.syncIntervalS ?? 0.5) * o.sampleRate)) * this.blockAlign
    this.rf64Threshold = o.rf64ThresholdBytes ?? RIFF_SIZE_LIMIT
    this.maxQueued = o.maxQueuedBytes ?? 64 * 2 ** 20
    this.pending = Buffer.allocUnsafe(this.flushBytes)
    this.minSyncGapMs = ((o.syncIntervalS ?? 0.5) * 1000) / 2
  }

  async start(): Promise<void> {
    await this.fh.write(this.header(0, false), 0, DATA_OFFSET, 0)
    await this.fh.sync()
  }

  get queuedBytes(): number {
    return this.pendingLen + (this.handedOff - this.onDiskBytes)
  }

  get stats(): WavWriterStats {
    const dataBytes = this.frames * this.blockAlign
    return {
      frames: this.frames,
      durationS: this.frames / this.format.sampleRate,
      dataBytes,
      clippedSamples: this.clipped,
      peakDbfs: this.frames > 0 ? this.peak : -144,
      rf64: this.rf64 || needsRf64(dataBytes, this.rf64Threshold),
    }
  }

  write(chunk: Float32Array): Level {
    if (this.finished !== 'open')
      throw new WavWriterError(
        `Cannot write to ${quotedName(this.path)}: the recording is already ${this.finished === 'aborted' ? 'cancelled' : 'finished'}.`,
      )
    if (this.failure)
      throw new WavWriteFailedError(`Recording to ${quotedName(this.path)} stopped: ${this.failure.message}`, {
        cause: this.failure,
      })
    if (!(chunk instanceof Float32Array))
      throw new WavWriterError('Each audio chunk must be a Float32Array of interleaved samples.')
    const { channels } = this.format
    if (chunk.length % channels !== 0) {
      throw new WavWriterError(
        `An audio chunk of ${chunk.length} samples cannot be split into whole frames of ${channels} channels.`,
      )
    }
    if (this.queuedBytes > this.maxQueued) {
      throw new WavWriteFailedError(
        `The disk is not keeping up with the recording (${Math.round(this.queuedBytes / 2 ** 20)} MiB waiting to be written to ${quotedName(this.path)}).`,
      )
    }
    const bytes = chunk.length * BYTES_PER_SAMPLE
    if (this.pendingLen + bytes > this.pending.length) this.growPending(this.pendingLen + bytes)
    const level = encodePcm24(chunk, channels, this.pending, this.pendingLen)
    this.pendingLen += bytes
    this.frames += level.frames
    this.clipped += level.clippedSamples
    if (level.peakDbfs > this.peak) this.peak = level.peakDbfs
    if (this.pendingLen >= this.flushBytes) this.handOff()
    return level
  }

  drain(): Promise<void> {
    return this.chain.then(() => {
      if (this.failure) throw this.failure
    })
  }

  async close(): Promise<WavWriterStats> {
    if (this.finished !== 'open')
      throw new WavWriterError(`Cannot finish ${quotedName(this.path)}: it is already ${this.finished}.`)
    this.finished = 'closing'
    if (this.pendingLen > 0) this.handOff()
    await this.chain
    if (this.failure) {
      const failure = this.failure
      await this.closeKeeping()
      throw new WavWriteFailedError(`Could not finish ${quotedName(this.path)}: ${failure.message}`, { cause: failure })
    }
    try {
      const dataBytes = this.onDiskBytes
      const padded = dataBytes % 2 === 1
      if (padded) await this.fh.write(Buffer.alloc(1), 0, 1, DATA_OFFSET + dataBytes)
      await this.fh.write(this.header(dataBytes, padded), 0, DATA_OFFSET, 0)
      await this.fh.sync()
    } catch (err) {
      await this.closeKeeping()
      throw new WavWriteFailedError(
        `Could not finish ${quotedName(this.path)}: ${displayText((err as Error).message)}`,
        { cause: err },
      )
    }
    this.finished = 'closed'
    await this.fh.close()
    return this.stats
  }

  async abort(): Promise<void> {
    if (this.finished === 'closed' || this.finished === 'aborted') return
    this.finished = 'aborted'
    this.pendingLen = 0
    await this.chain
    await this.fh.close().catch(() => undefined)
    await unlink(this.path).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT')
        throw new WavWriterError(
          `Could not delete the cancelled take ${quotedName(this.path)}: ${displayText(err.message)}`,
          { cause: err },
        )
    })
  }

  async salvage(): Promise<WavWriterStats> {
    if (this.finished === 'closed' || this.finished === 'aborted') return this.onDisk()
    this.finished = 'closing'
    this.pendingLen = 0
    await this.chain
    await this.closeKeeping()
    return this.onDisk()
  }

  /** States what is on disk in the header, as far as the disk lets it, and closes the file. */
  private async closeKeeping(): Promise<void> {
    try {
      // Only the header is rewritten: it lies inside the file, so a full disk still takes it.
      await this.fh.write(this.header(this.onDiskBytes, false), 0, DATA_OFFSET, 0)
      await this.fh.sync()
    } catch {
      // A read-only or vanished disk: the header patched half a second ago stands, and repair on the next start reads on.
    }
    this.finished = 'closed'
    await this.fh.close().catch(() => undefined)
  }

  /** The facts of the audio actually on disk (the level figures are those of everything recorded). */
  private onDisk(): WavWriterStats {
    const frames = Math.floor(this.onDiskBytes / this.blockAlign)
    return { ...this.stats, frames, durationS: frames / this.format.sampleRate, dataBytes: frames * this.blockAlign }
  }

  private header(dataBytes: number, padded: boolean): Buffer {
    if (!this.rf64 && needsRf64(dataBytes, this.rf64Threshold)) this.rf64 = true // upgrade in place; never back
    return buildWavHeader(this.format, { dataBytes, padded, rf64: this.rf64 })
  }

  private growPending(needed: number): void {
    const next = Buffer.allocUnsafe(Math.max(needed, this.pending.length * 2))
    this.pending.copy(next, 0, 0, this.pendingLen)
    this.pending = next
  }

  /** Gives the collected audio to the write chain and starts a fresh collecting buffer. */
  private handOff(): void {
    const buf = this.pending
    const len = this.pendingLen
    const position = DATA_OFFSET + this.handedOff
    this.handedOff += len
    this.pending = Buffer.allocUnsafe(this.flushBytes)
    this.pendingLen = 0
    this.chain = this.chain.then(async () => {
      if (this.failure || this.finished === 'aborted') return
      try {
        const { bytesWritten } = await this.fh.write(buf, 0, len, position)
        if (bytesWritten < len) {
          // The disk took only part of it (it is full): keep the whole frames it took, and stop.
          this.onDiskBytes += bytesWritten - (bytesWritten % this.blockAlign)
          await this.fh.write(this.header(this.onDiskBytes, false), 0, DATA_OFFSET, 0).catch(() => undefined)
          throw Object.assign(
            new Error('ENOSPC: no space left on device, write (the disk took only part of the audio)'),
            { code: 'ENOSPC' },
          )
        }
        this.onDiskBytes += len
        await this.fh.write(this.header(this.onDiskBytes, false), 0, DATA_OFFSET, 0)
        // Live recording hands off once per interval of wall time, so this syncs every time. Audio fed
        // faster than real time (imports, benchmarks) is not synced more often than twice per interval.
        if (performance.now() - this.lastSyncAt >= this.minSyncGapMs) {
          await this.fh.sync()
          this.lastSyncAt = performance.now()
        }
      } catch (err) {
        this.failure = new WavWriteFailedError(
          `writing ${quotedName(this.path)} failed: ${displayText((err as Error).message)}`,
          { cause: err },
        )
      }
    })
  }
}
