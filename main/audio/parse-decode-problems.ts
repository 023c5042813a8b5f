/**
 * Pure parser that picks out of ffmpeg's stderr the messages meaning the audio could not be read whole:
 * a file cut short (a crashed recording, an interrupted copy) or damaged data. Captured from real runs:
 *   wav:  "take.wav: corrupt input packet in stream 0" / "Packet corrupt (stream = 0, dts = NOPTS)."
 *   pcm:  "Error while decoding stream #0:0: Invalid data found when processing input"
 *   mp3:  "filesize and duration do not match (growing file?)"
 *   mp4:  "moov atom not found"
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
