/**
 * Merge PDFs that use a classic cross-reference table and uncompressed object syntax (what textPdf writes,
 * and many simple PDFs). Encrypted PDFs, object streams and cross-reference streams are refused as
 * not mergeable rather than guessed at.
 */
import { assemblePdf } from './pdf-writer'

export class NotMergeableError extends Error {
  override name = 'NotMergeableError'
}

interface PdfObject {
  head: string // everything but the stream data (the dictionary or value)
  stream: string | null // raw stream bytes (latin1), when the object is a stream
}

const REF = /(\d+)\s+(\d+)\s+R\b/g

function parseObjects(src: string): Map<number, PdfObject> {
  const objects = new Map<number, PdfObject>()
  const header = /(\d+)\s+(\d+)\s+obj\b/g
  let m: RegExpExecArray | null
  while ((m = header.exec(src))) {
    const start = m.index + m[0].length
    const streamAt = src.indexOf('stream', start)
    const endAt = src.indexOf('endobj', start)
    if (endAt < 0) throw new NotMergeableError(`object ${m[1]} has no endobj`)
    let obj: PdfObject
    if (streamAt >= 0 && streamAt < endAt && src.slice(start, streamAt).includes('>>')) {
      const head = src.slice(start, streamAt).trim()
      const length = /\/Length\s+(\d+)(\s+\d+\s+R)?/.exec(head)
      if (!length || length[2]) throw new NotMergeableError(`stream of object ${m[1]} has no direct /Length`)
      let dataStart = streamAt + 'stream'.length
      if (src[dataStart] === '\r') dataStart++
      if (src[dataStart] === '\n') dataStart++
      const data = src.slice(dataStart, dataStart + Number(length[1]))
      const after = src.indexOf('endobj', dataStart + data.length)
      if (after < 0) throw new NotMergeableError(`object ${m[1]} has no endobj after its stream`)
      obj = { head, stream: data }
      header.lastIndex = after
    } else {
      obj = { head: src.slice(start, endAt).trim(), stream: null }
      header.lastIndex = endAt
    }
    objects.set(Number(m[1]), obj) // a later revision of the same number wins
  }
  return objects
}

function refTo(head: string, key: string): number | null {
  const m = new RegExp(`/${key}\\s+(\\d+)\\s+\\d+\\s+R`).exec(head)
  return m ? Number(m[1]) : null
}

function directValue(head: string, key: string): string | null {
  const m = new RegExp(`/${key}\\s*(\\[[^\\]]*\\]|\\d+\\s+\\d+\\s+R|<<(?:[^<>]|<<[^<>]*>>)*>>|\\d+)`).exec(head)
  return m ? (m[1] ?? null) : null
}

interface Page {
  head: string
}

/** Read the page list of one PDF (with inherited MediaBox/Resources/Rotate copied onto each page). */
function readPages(src: string, objects: Map<number, PdfObject>): Page[] {
  const trailer = src.lastIndexOf('trailer')
  const rootNum = refTo(src.slice(trailer), 'Root')
  if (rootNum === null) throw new NotMergeableError('the trailer names no /Root catalog')
  const catalog = objects.get(rootNum)
  const pagesNum = catalog ? refTo(catalog.head, 'Pages') : null
  if (pagesNum === null) throw new NotMergeableError('the catalog names no /Pages tree')
  const pages: Page[] = []
  const walk = (num: number, inherited: Record<string, string>, depth: number): void => {
    const node = objects.get(num)
    if (!node || depth > 32) throw new NotMergeableError(`page tree node ${num} is missing or too deep`)
    const own: Record<string, string> = { ...inherited }
    for (const key of ['MediaBox', 'Resources', 'Rotate']) {
      const v = directValue(node.head, key)
      if (v !== null) own[key] = v
    }
    if (/\/Type\s*\/Pages\b/.test(node.head)) {
      const kids = /\/Kids\s*\[([^\]]*)\]/.exec(node.head)
      for (const k of (kids?.[1] ?? '').matchAll(REF)) walk(Number(k[1]), own, depth + 1)
    } else if (/\/Type\s*\/Page\b/.test(node.head)) {
      let head = node.head.replace(/\/Parent\s+\d+\s+\d+\s+R/, '')
      for (const [key, v] of Object.entries(own)) {
        if (directValue(head, key) === null) head = head.replace(/>>\s*$/, ` /${key} ${v} >>`)
      }
      pages.push({ head })
    } else {
      throw new NotMergeableError(`object ${num} in the page tree is neither /Pages nor /Page`)
    }
  }
  walk(pagesNum, {}, 0)
  return pages
}

/** Merge whole PDFs in order into one PDF. Throws NotMergeableError naming why a source cannot be read. */
export function mergePdfs(sources: Uint8Array[], title: string): Uint8Array {
  const out: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '',
    `<< /Title (${title.replace(/[()\\]/g, '')}) /Producer (Booth sandbox) >>`,
  ]
  const pageNums: number[] = []
  for (const bytes of sources) {
    const src = Buffer.from(bytes).toString('latin1')
    if (!src.startsWith('%PDF-')) throw new NotMergeableError('not a PDF file')
    if (/\/Encrypt\b/.test(src)) throw new NotMergeableError('the PDF is encrypted')
    if (/\/ObjStm\b/.test(src) || !/\bxref\s/.test(src) || !src.includes('trailer')) {
      throw new NotMergeableError('the PDF uses compressed object or cross-reference streams')
    }
    const objects = parseObjects(src)
    const pages = readPages(src, objects)
    const renumber = new Map<number, number>()
    const queue: number[] = []
    const mapRef = (num: number): number => {
      let n = renumber.get(num)
      if (n === undefined) {
        out.push('') // reserve the slot, filled below
        n = out.length
        renumber.set(num, n)
        queue.push(num)
      }
      return n
    }
    const rewrite = (head: string): string => head.replace(REF, (_, num: string) => `${mapRef(Number(num))} 0 R`)
    for (const page of pages) {
      out.push('')
      const slot = out.length
      out[slot - 1] = rewrite(page.head).replace(/>>\s*$/, ' /Parent 2 0 R >>')
      pageNums.push(slot)
    }
    while (queue.length > 0) {
      const num = queue.shift() as number
      const obj = objects.get(num)
      const slot = renumber.get(num) as number
      if (!obj) {
        out[slot - 1] = 'null'
        continue
      }
      const head = rewrite(obj.head)
      out[slot - 1] = obj.stream === null ? head : `${head}\nstream\n${obj.stream}\nendstream`
    }
  }
  out[1] = `<< /Type /Pages /Kids [${pageNums.map((n) => `${n} 0 R`).join(' ')}] /Count ${pageNums.length} >>`
  return assemblePdf(out, 1, { infoObj: 3 })
}

/** Count the pages of a PDF we can read (used to check merged output). */
export function countPdfPages(bytes: Uint8Array): number {
  const src = Buffer.from(bytes).toString('latin1')
  return readPages(src, parseObjects(src)).length
}
