/**
 * Removes event-handler attributes (`on…=`) from untrusted HTML as text, before any parser sees it.
 * Chromium checks an inline handler against the page's Content-Security-Policy the moment a parser (even
 * an inert DOMParser or <template>) reads the attribute, and logs a violation; DOMPurify would drop the
 * attribute afterwards, too late for that. This scanner follows the HTML tokenizer's rules for tags and
 * attributes (ASCII whitespace, `/` and `>` end a name; values are quoted or run to whitespace or `>`),
 * keeps comments and text as they are, and only ever removes characters.
 */
const WS = new Set(['\t', '\n', '\f', '\r', ' '])
const isWs = (c: string | undefined): boolean => c !== undefined && WS.has(c)
const isLetter = (c: string | undefined): boolean =>
  c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))

/** Index just past one attribute starting at `start` (its name, and `= value` when there is one). */
function attributeEnd(html: string, start: number): { nameEnd: number; end: number } {
  const n = html.length
  let k = start + 1
  while (k < n && !isWs(html[k]) && html[k] !== '/' && html[k] !== '>' && html[k] !== '=') k++
  const nameEnd = k
  let m = k
  while (isWs(html[m])) m++
  if (html[m] !== '=') return { nameEnd, end: nameEnd }
  m++
  while (isWs(html[m])) m++
  const quote = html[m]
  if (quote === '"' || quote === "'") {
    const close = html.indexOf(quote, m + 1)
    return { nameEnd, end: close < 0 ? n : close + 1 }
  }
  while (m < n && !isWs(html[m]) && html[m] !== '>') m++
  return { nameEnd, end: m }
}

export function stripEventHandlers(html: string): string {
  const n = html.length
  let out = ''
  let i = 0
  while (i < n) {
    const lt = html.indexOf('<', i)
    if (lt < 0) {
      out += html.slice(i)
      break
    }
    out += html.slice(i, lt)
    if (html.startsWith('<!--', lt)) {
      const close = html.indexOf('-->', lt + 4)
      const stop = close < 0 ? n : close + 3
      out += html.slice(lt, stop)
      i = stop
      continue
    }
    let j = lt + 1
    if (html[j] === '/') j++
    if (!isLetter(html[j])) {
      out += html.slice(lt, j)
      i = j
      continue
    }
    while (j < n && !isWs(html[j]) && html[j] !== '/' && html[j] !== '>') j++
    out += html.slice(lt, j)
    while (j < n) {
      const c = html[j]
      if (c === '>') {
        out += '>'
        j++
        break
      }
      if (isWs(c) || c === '/') {
        out += c
        j++
        continue
      }
      const { nameEnd, end } = attributeEnd(html, j)
      if (!/^on/i.test(html.slice(j, nameEnd))) out += html.slice(j, end)
      j = end
    }
    i = j
  }
  return out
}
