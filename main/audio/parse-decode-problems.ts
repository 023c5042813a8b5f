/**
 * Pure parser that picks out of ffmpeg's stderr the messages meaning the audio could not be read whole:
 * a file cut short (a crashed recording, an interrupted copy) or damaged data. Captured from real runs:
 *   wav:  "take.wav: corrupt input packet in stream 0" / "Packet corrupt (stream = 0, dts = NOPTS)."
 *   pcm:  "Error while decoding stream #0:0: Invalid data found when processing input"
 *   mp3:  "filesize and duration do not match (growing file?)"
 *   mp4:  "moov atom not found"
 *   pcm ending inside a sample frame: "Invalid PCM packet, data has size 2 but at least a size of 3 was
 *         expected", then "Error while decoding stream #0:0: Invalid data found when processing input"
 */

const PATTERNS: readonly RegExp[] = [
  /corrupt input packet in stream \d+/,
  /Packet corrupt \(stream = \d+/,
  /Error while decoding stream #\d+:\d+[^\n]*/,
  /filesize and duration do not match/,
  /moov atom not found/,
  /Truncating packet of size/,
  /partial file/,
  /Invalid PCM packet/,
  /invalid frame size|Header missing/,
]

/** Distinct problem lines, in the order ffmpeg printed them (at most `max`). */
export function findDecodeProblems(stderr: string, max = 5): string[] {
  const found: string[] = []
  for (const raw of stderr.split(/\r?\n/)) {
    const line = raw.replace(/^\[[^\]]+\]\s*/, '').trim()
    if (!line || found.includes(line)) continue
    if (PATTERNS.some((p) => p.test(line))) found.push(line)
    if (found.length >= max) break
  }
  return found
}

const PARTIAL_FRAME = /^Invalid PCM packet, data has size (\d+) but at least a size of (\d+) was expected/
const DECODE_ERROR = /^Error while decoding stream #\d+:\d+: Invalid data found when processing input$/

/**
 * The problems without those of a PCM stream that ends inside its last sample frame (a recording cut off
 * mid-write): the WAV demuxer hands the stray bytes to the decoder as a packet of their own, smaller than
 * one frame, which it refuses; every whole frame before them was decoded. Only that refusal and the
 * decoding error it causes are dropped, so any other sign of damage still shows.
 */
export function withoutPartialLastFrame(problems: readonly string[]): string[] {
  const partial = problems.some((p) => {
    const m = PARTIAL_FRAME.exec(p)
    return m !== null && Number(m[1]) < Number(m[2])
  })
  return partial ? problems.filter((p) => !PARTIAL_FRAME.test(p) && !DECODE_ERROR.test(p)) : [...problems]
}
