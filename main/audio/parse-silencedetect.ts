/**
 * Pure parser of the silencedetect filter's log lines:
 *   [silencedetect @ 0x55..] silence_start: 3.2
 *   [silencedetect @ 0x55..] silence_end: 3.90002 | silence_duration: 0.700021
 * ffmpeg 5.x also reports a silence still running at the end of the file (silence_end = end of file);
 * older builds leave it open, which is returned as endS: null.
 */

export interface SilenceSpan {
  startS: number
  endS: number | null
}

const NUMBER = '(-?\\d+(?:\\.\\d+)?(?:e[-+]?\\d+)?)'
const LINE = new RegExp(`\\[silencedetect @ [^\\]]+\\] silence_(start|end): ${NUMBER}`, 'g')

export function parseSilences(stderr: string): SilenceSpan[] {
  const spans: SilenceSpan[] = []
  let open: number | null = null
  for (const m of stderr.matchAll(LINE)) {
    const value = Math.max(0, Number(m[2]))
    if (m[1] === 'start') {
      if (open !== null) spans.push({ startS: open, endS: null })
      open = value
    } else if (open !== null) {
      spans.push({ startS: open, endS: value })
      open = null
    }
  }
  if (open !== null) spans.push({ startS: open, endS: null })
  return spans
}
