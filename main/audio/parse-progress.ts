/**
 * Pure parser of ffmpeg's progress line; the last one (printed even with -nostats) gives the time decoded:
 *   size=N/A time=00:00:07.40 bitrate=N/A speed= 189x
 */
export function parseLastProgressTimeS(stderr: string): number | null {
  let last: string | undefined
  for (const m of stderr.matchAll(/time=\s*(-?\d+):(\d{2}):(\d{2}(?:\.\d+)?)/g)) last = m[0]
  if (!last) return null
  const m = /(-?\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(last)
  if (!m) return null
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3])
}
