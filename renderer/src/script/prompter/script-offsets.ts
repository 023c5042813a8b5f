/**
 * Where a place in the script's text is in the text the page shows. The prompter's positions are
 * character offsets into the script's plain text; the page may show that text as it is (with
 * pronunciations marked on the words), or the script's HTML, whose text differs in spacing (paragraphs
 * without blank lines, runs of spaces) and in entities already decoded. The two are walked together,
 * character by character, with whitespace on either side skipped; where they differ otherwise, the next
 * few script characters are looked for a little further on in the shown text. Pure: tested without a DOM.
 */

/** How many characters of the script must be found together to pick the walk up again after a difference. */
const RESYNC = 6
/** How far ahead in the shown text they are looked for. */
const LOOKAHEAD = 80

const isSpace = (ch: string | undefined): boolean => ch !== undefined && /\s/.test(ch)

/**
 * For each offset 0 … script.length of the script, the offset in `shown` where it is (never decreasing).
 */
export function mapOffsets(script: string, shown: string): Int32Array {
  const map = new Int32Array(script.length + 1)
  let i = 0
  let j = 0
  while (i < script.length) {
    const a = script[i] as string
    if (j < shown.length && a === shown[j]) {
      map[i++] = j++
    } else if (isSpace(a)) {
      map[i++] = j
    } else if (isSpace(shown[j])) {
      j++
    } else {
      const ahead = resync(script, i, shown, j)
      if (ahead !== null) j = ahead
      else map[i++] = Math.min(j, shown.length)
    }
  }
  map[script.length] = Math.min(j, shown.length)
  return map
}

/** Where the next RESYNC non-space characters of the script start in `shown`, at or after `from`. */
function resync(script: string, i: number, shown: string, from: number): number | null {
  const want = script.slice(i).replace(/\s+/g, '').slice(0, RESYNC)
  if (want.length < Math.min(RESYNC, script.slice(i).replace(/\s+/g, '').length) || want.length === 0) return null
  for (let j = from + 1; j <= Math.min(shown.length - 1, from + LOOKAHEAD); j++) {
    if (shown[j] !== want[0]) continue
    let k = j
    let n = 0
    while (n < want.length && k < shown.length) {
      if (isSpace(shown[k])) {
        k++
        continue
      }
      if (shown[k] !== want[n]) break
      k++
      n++
    }
    if (n === want.length) return j
  }
  return null
}
