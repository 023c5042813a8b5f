/**
 * Reads the WAV stream ffmpeg writes to a pipe (`-f wav -c:a pcm_f64le pipe:1`): the header first (its
 * sizes are unknown on a pipe, so only the format is read), then 64-bit float samples, handed on in whole
 * frames as they arrive. Pure state machine over byte chunks; never throws from push(): a malformed stream
 * is kept as `error`, which the caller turns into a sentence.
 */
export interface PipeFormat {
  channels: number
  sampleRate: number
}

const MAX_HEADER_BYTES = 1 << 16

export class WavPipeReader {
  format: PipeFormat | null = null
  error: string | null = null
  private head = Buffer.alloc(0)
  private rest = Buffer.alloc(0)

  constructor(
    private readonly onFormat: (f: PipeFormat) => void,
    private readonly onFrames: (samples: Float64Array) => void,
  ) {}

  push(chunk: Buffer): void {
    if (this.error) return
    try {
      if (!this.format) {
        this.head = Buffer.concat([this.head, chunk])
        const parsed = this.parseHeader()
        if (!parsed) {
          if (this.head.length > MAX_HEADER_BYTES) this.error = 'ffmpeg wrote no audio format before its samples.'
          return
        }
        this.format = parsed.format
        this.onFormat(parsed.format)
        chunk = this.head.subarray(parsed.dataOffset)
        this.head = Buffer.alloc(0)
      }
      this.samples(chunk)
    } catch (err) {
      this.error = err instanceof Error ? err.message : String(err)
    }
  }

  private parseHeader(): { format: PipeFormat; dataOffset: number } | null {
    const b = this.head
    if (b.length < 12) return null
    if (b.toString('latin1', 0, 4) !== 'RIFF' || b.toString('latin1', 8, 12) !== 'WAVE')
      throw new Error('ffmpeg did not write a WAV stream.')
    let at = 12
    let format: PipeFormat | null = null
    while (at + 8 <= b.length) {
      const id = b.toString('latin1', at, at + 4)
      const size = b.readUInt32LE(at + 4)
      if (id === 'data') {
        if (!format) throw new Error('The WAV stream has no format chunk before its data.')
        return { format, dataOffset: at + 8 }
      }
      if (at + 8 + size > b.length) return null
      if (id === 'fmt ') {
        const bits = b.readUInt16LE(at + 8 + 14)
        if (bits !== 64) throw new Error(`The WAV stream has ${bits}-bit samples; 64-bit float was asked for.`)
        format = { channels: b.readUInt16LE(at + 8 + 2), sampleRate: b.readUInt32LE(at + 8 + 4) }
        if (format.channels < 1 || format.sampleRate < 1)
          throw new Error('The WAV stream states no channels or no sample rate.')
      }
      at += 8 + size + (size % 2)
    }
    return null
  }

  private samples(chunk: Buffer): void {
    const fmt = this.format as PipeFormat
    const bytes = this.rest.length ? Buffer.concat([this.rest, chunk]) : chunk
    const frameBytes = 8 * fmt.channels
    const whole = bytes.length - (bytes.length % frameBytes)
    if (whole > 0) {
      const out = new Float64Array(whole / 8)
      new Uint8Array(out.buffer).set(bytes.subarray(0, whole))
      this.onFrames(out)
    }
    this.rest = Buffer.from(bytes.subarray(whole))
  }
}
