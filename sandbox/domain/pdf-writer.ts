/**
 * A tiny, valid PDF writer for text pages (Helvetica, WinAnsi encoding), enough for script documents and
 * the merged scripts PDF. PDFs are built as latin1 strings (one char = one byte) and returned as bytes.
 */

const WIN_ANSI_EXTRA: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  '„': 0x84,
  '…': 0x85,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '™': 0x99,
}

/** Encode text as a PDF literal string in WinAnsi; characters it cannot hold become '?'. */
export function pdfString(text: string): string {
  let out = '('
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 63
    const extra = WIN_ANSI_EXTRA[ch]
    const byte = extra ?? ((cp >= 32 && cp <= 126) || (cp >= 160 && cp <= 255) ? cp : 63)
    if (byte === 40 || byte === 41 || byte === 92) out += '\\' + String.fromCharCode(byte)
    else if (byte < 32 || byte > 126) out += '\\' + byte.toString(8).padStart(3, '0')
    else out += String.fromCharCode(byte)
  }
  return out + ')'
}

/** Rough Helvetica advance widths (in 1/1000 em), enough to wrap lines sensibly. */
function charWidth(ch: string): number {
  if (ch === ' ' || ".,;:'!|il".includes(ch)) return 278
  if ('ftrIj()[]-'.includes(ch)) return 333
  if ('mwMW'.includes(ch)) return 850
  if (ch >= 'A' && ch <= 'Z') return 667
  return 556
}

export function wrapText(text: string, maxWidthPt: number, fontSize: number): string[] {
  const lines: string[] = []
  for (const paragraph of text.replace(/\r\n?/g, '\n').split('\n')) {
    let line = ''
    let width = 0
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const w = ([...word].reduce((sum, ch) => sum + charWidth(ch), 0) * fontSize) / 1000
      const space = line ? (278 * fontSize) / 1000 : 0
      if (line && width + space + w > maxWidthPt) {
        lines.push(line)
        line = word
        width = w
      } else {
        line = line ? `${line} ${word}` : word
        width += space + w
      }
    }
    lines.push(line)
  }
  return lines
}

/**
 * Serialize numbered objects (index 0 is object 1) into a complete PDF with a classic xref table, or a
 * PDF 1.5 cross-reference stream when `xrefStream` is set (valid, but not something our merger reads).
 */
export function assemblePdf(
  bodies: string[],
  rootObj: number,
  opts: { xrefStream?: boolean; infoObj?: number } = {},
): Uint8Array {
  const info = opts.infoObj ? ` /Info ${opts.infoObj} 0 R` : ''
  let out = `%PDF-${opts.xrefStream ? '1.5' : '1.4'}\n%\xe2\xe3\xcf\xd3\n`
  const offsets: number[] = []
  bodies.forEach((body, i) => {
    offsets.push(out.length)
    out += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  if (opts.xrefStream) {
    const xrefNum = bodies.length + 1
    const xrefOffset = out.length
    const entry = (type: number, field2: number, field3: number): string =>
      String.fromCharCode(type) +
      String.fromCharCode((field2 >>> 24) & 255, (field2 >>> 16) & 255, (field2 >>> 8) & 255, field2 & 255) +
      String.fromCharCode((field3 >>> 8) & 255, field3 & 255)
    let data = entry(0, 0, 65535)
    for (const off of offsets) data += entry(1, off, 0)
    data += entry(1, xrefOffset, 0)
    out +=
      `${xrefNum} 0 obj\n<< /Type /XRef /Size ${xrefNum + 1} /W [1 4 2] /Root ${rootObj} 0 ` +
      `R${info} /Length ${data.length} >>\nstream\n${data}\nendstream\nendobj\n`
    out += `startxref\n${xrefOffset}\n%%EOF\n`
  } else {
    const xrefOffset = out.length
    out += `xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n`
    for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`
    out += `trailer\n<< /Size ${bodies.length + 1} /Root ${rootObj} 0 R${info} >>\nstartxref\n${xrefOffset}\n%%EOF\n`
  }
  return Uint8Array.from(Buffer.from(out, 'latin1'))
}

export interface TextDocument {
  title: string
  subtitle?: string
  body: string
}

const PAGE_W = 612
const PAGE_H = 792
const MARGIN = 72
const BODY_SIZE = 12
const LEADING = 16

/** Lay out a text document on Letter pages: a bold title (and subtitle) on page 1, wrapped body text. */
export function textPdf(doc: TextDocument, opts: { xrefStream?: boolean } = {}): Uint8Array {
  const bodyLines = wrapText(doc.body, PAGE_W - 2 * MARGIN, BODY_SIZE)
  const perPage = Math.floor((PAGE_H - 2 * MARGIN) / LEADING)
  const pages: string[][] = []
  const headerLines = doc.subtitle ? 4 : 3
  let first = true
  let rest = bodyLines
  while (first || rest.length > 0) {
    const room = first ? perPage - headerLines : perPage
    pages.push(rest.slice(0, room))
    rest = rest.slice(room)
    first = false
  }
  // objects: 1 catalog, 2 pages, 3 Helvetica, 4 Helvetica-Bold, 5 info, then page + content per page
  const bodies: string[] = []
  const kids = pages.map((_, i) => `${6 + i * 2} 0 R`).join(' ')
  bodies.push('<< /Type /Catalog /Pages 2 0 R >>')
  bodies.push(`<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`)
  bodies.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>')
  bodies.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>')
  bodies.push(`<< /Title ${pdfString(doc.title)} /Producer (Booth sandbox) >>`)
  pages.forEach((lines, i) => {
    let content = `BT\n/F1 ${BODY_SIZE} Tf\n${LEADING} TL\n${MARGIN} ${PAGE_H - MARGIN} Td\n`
    if (i === 0) {
      content += `/F2 16 Tf\n${pdfString(doc.title)} Tj\nT*\n`
      if (doc.subtitle) content += `/F1 10 Tf\n${pdfString(doc.subtitle)} Tj\nT*\n`
      content += `/F1 ${BODY_SIZE} Tf\nT*\n`
    }
    for (const line of lines) content += `${pdfString(line)} Tj\nT*\n`
    content += 'ET'
    const pageNum = 6 + i * 2
    bodies.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] ` +
        `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageNum + 1} 0 R >>`,
    )
    bodies.push(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`)
  })
  return assemblePdf(bodies, 1, { ...opts, infoObj: 5 })
}
