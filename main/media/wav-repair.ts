/**
 * Repairs the header of a WAV take written by Booth's recorder (wav-writer.ts) that was cut off (crash, kill, power loss) while recording:
 * the audio on disk is measured from the real file size, a partial last frame is cut, a pad byte is
 * added to odd-length audio, and the RIFF (or, past the limit, RF64) sizes are rewritten in place.
 */
import { open } from 'node:fs/promises'
import { buildWavHeader, DATA_OFFSET, needsRf64, parseWavHeader, RIFF_SIZE_LIMIT, WavHeaderError } from './wav-header'
import { displayText, quotedName } from '../../shared/display-text'

export interface RepairOptions {
  /** Largest RIFF size before the file must become RF64. Default 0xFFFFFFFF; tests make it small. */
  rf64ThresholdBytes?: number
}

export interface RepairResult {
  path: string
  sampleRate: number
  channels: number
  bitsPerSample: number
  /** Whole frames of audio now in the file. */
  frames: number
  durationS: number
  dataBytes: number
  /** Audio size the old header claimed. */
  claimedDataBytes: number
  /** Bytes of a partial last frame that were cut off. */
  cutBytes: number
  rf64: boolean
  /** False when the header already matched the file. */
  changed: boolean
}

const HEAD_READ = 4096

/** Repairs `path` in place. Throws WavHeaderError with a clear sentence when the file cannot be repaired. */
export async function repairWav(path: string, options: RepairOptions = {}): Promise<RepairResult> {
  const limit = options.rf64ThresholdBytes ?? RIFF_SIZE_LIMIT
  const fh = await open(path, 'r+').catch((err: NodeJS.ErrnoException) => {
    throw new WavHeaderError(
      err.code === 'ENOENT'
        ? `There is no take file at ${quotedName(path)} to repair.`
        : `Cannot open ${quotedName(path)} to repair it: ${displayText(err.message)}`,
    )
  })
  try {
    const { size } = await fh.stat()
    const head = Buffer.alloc(Math.min(HEAD_READ, size))
    await fh.read(head, 0, head.length, 0)
    const parsed = parseWavHeader(head, `The take file ${quotedName(path)}`)
    const { format } = parsed
    const ours = parsed.dataOffset === DATA_OFFSET && parsed.ds64Offset === 12 && format.formatTag === 1
    if (!ours) {
      throw new WavHeaderError(
        `The file ${quotedName(path)} was not written by Booth's recorder (its header layout differs), so it is left untouched.`,
      )
    }
    const available = Math.max(0, size - parsed.dataOffset)
    const frames = Math.floor(available / format.blockAlign)
    const dataBytes = frames * format.blockAlign
    const cutBytes = available - dataBytes
    const rf64 = parsed.container === 'RF64' || needsRf64(dataBytes, limit)
    const padded = dataBytes % 2 === 1
    const wantedSize = parsed.dataOffset + dataBytes + (padded ? 1 : 0)
    const changed =
      size !== wantedSize || parsed.claimedDataBytes !== dataBytes || (rf64 && parsed.container !== 'RF64')

    if (cutBytes > 0 || size !== wantedSize) await fh.truncate(wantedSize) // cut a partial frame, or add the pad byte (zero)
    await fh.write(buildWavHeader(format, { dataBytes, padded, rf64 }), 0, DATA_OFFSET, 0)
    await fh.sync()
    return {
      path,
      sampleRate: format.sampleRate,
      channels: format.channels,
      bitsPerSample: format.bitsPerSample,
      frames,
      durationS: frames / format.sampleRate,
      dataBytes,
      claimedDataBytes: parsed.claimedDataBytes,
      cutBytes,
      rf64,
      changed,
    }
  } finally {
    await fh.close()
  }
}
