/**
 * Whether a WAV file's stated data length can be trusted, or ffmpeg must read to the end of the file
 * (`-ignore_length 1`): a recorder that streams a WAV writes its header before it knows the length, and a
 * live stream leaves it stating 0 or a placeholder near 0x7FFFFFFF/0xFFFFFFFF, and a crash leaves the size of
 * its last header update (less than the audio that follows). The file is judged by the same chunk walk
 * and the same rule as a dropped take (wav-chunks.ts, wav-trailing.ts): metadata chunks, a tag
 * or a few stray bytes after the data are not audio, so an honest length stands; a plausible size beyond
 * the file's end is a file cut short, left for ffmpeg to report.
 */
import { open } from 'node:fs/promises'
import { fileSource, walkWav } from './wav-chunks'

/** True when `file` is a RIFF WAV whose data chunk length is unknown or stale. Never throws: false when unsure. */
export async function wavLengthUntrusted(file: string): Promise<boolean> {
  let fh
  try {
    fh = await open(file, 'r')
    const walk = await walkWav(await fileSource(fh))
    return walk.ok && walk.container === 'RIFF' && walk.sizeState !== 'exact'
  } catch {
    return false
  } finally {
    await fh?.close()
  }
}
