/**
 * Makes the header of Booth's own copy of a dropped WAV say exactly what the file holds, so that every
 * reader — ffmpeg measuring it, the player, the tus upload, the producer's tools — sees the same audio.
 * Only size fields change (and a partial last block is cut, a pad byte added); the audio bytes stay.
 * A streamed WAV (sizes 0xFFFFFFFF or 0) gets its real sizes; a header that claimed less audio than
 * follows is made to cover all of it (the rule in wav-chunks.ts).
 */
import { open } from 'node:fs/promises'
import { fileSource, walkWav, type WavFacts } from './wav-chunks'
import { quotedName } from '../../shared/display-text'

const U32 = 0xffffffff

export class WavCopyError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'WavCopyError'
  }
}

/**
 * The length the file must have for `facts` to be exact; null when its header is exact already. A
 * streamed or longer-than-its-header file holds only audio after its data chunk's header.
 */
function wantedSize(facts: WavFacts): number | null {
  if (facts.sizeState === 'exact') return null
  return facts.dataOffset + facts.dataBytes + (facts.dataBytes % 2)
}

/**
 * Walks the copy at `path` and rewrites its sizes when they are not exact. Returns the facts of the copy
 * as it now is. Throws WavCopyError when the copy is not a WAV Booth can read (the walk's sentence).
 */
export async function settleWavCopy(path: string, shownName: string): Promise<WavFacts> {
  const fh = await open(path, 'r+')
  try {
    const src = await fileSource(fh)
    const facts = await walkWav(src)
    if (!facts.ok) throw new WavCopyError(`${quotedName(shownName)} ${facts.message}`)
    const size = wantedSize(facts)
    if (size === null) return facts
    if (size !== src.size) await fh.truncate(size) // cuts a partial last block, or adds the zero pad byte
    const riffBody = size - 8
    if (facts.container === 'RIFF' && (riffBody > U32 || facts.dataBytes > U32)) {
      throw new WavCopyError(
        `${quotedName(shownName)} holds more than 4 GiB of audio in a plain WAV file, whose sizes cannot say so; export it as RF64 or split it.`,
      )
    }
    const u32 = (value: number) => {
      const b = Buffer.alloc(4)
      b.writeUInt32LE(value)
      return b
    }
    if (facts.container === 'RIFF') {
      await fh.write(u32(riffBody), 0, 4, 4)
      await fh.write(u32(facts.dataBytes), 0, 4, facts.dataSizeFieldOffset)
    } else if (facts.ds64BodyOffset !== null) {
      const ds64 = Buffer.alloc(24)
      ds64.writeBigUInt64LE(BigInt(riffBody), 0)
      ds64.writeBigUInt64LE(BigInt(facts.dataBytes), 8)
      ds64.writeBigUInt64LE(BigInt(Math.floor(facts.dataBytes / facts.format.blockAlign)), 16)
      await fh.write(ds64, 0, 24, facts.ds64BodyOffset)
      await fh.write(u32(U32), 0, 4, 4)
      await fh.write(u32(U32), 0, 4, facts.dataSizeFieldOffset)
    } else if (riffBody <= U32) {
      // An RF64 file without its ds64 chunk: plain RIFF sizes say it all.
      await fh.write(Buffer.from('RIFF', 'ascii'), 0, 4, 0)
      await fh.write(u32(riffBody), 0, 4, 4)
      await fh.write(u32(facts.dataBytes), 0, 4, facts.dataSizeFieldOffset)
    } else {
      throw new WavCopyError(
        `${quotedName(shownName)} is an RF64 file without its ds64 chunk, so its size cannot be written down.`,
      )
    }
    await fh.sync()
    const settled = await walkWav(await fileSource(fh))
    if (!settled.ok || settled.sizeState !== 'exact')
      throw new WavCopyError(`${quotedName(shownName)} could not be given a correct header.`)
    return {
      ...settled,
      declaredDataBytes: facts.declaredDataBytes,
      declaredDurationS: facts.declaredDurationS,
      sizeState: facts.sizeState,
    }
  } finally {
    await fh.close()
  }
}
