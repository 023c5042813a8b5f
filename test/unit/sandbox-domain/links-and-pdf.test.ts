import { describe, expect, it } from 'vitest'
import { LinkRegistry, LINK_TTL_MS } from '../../../sandbox/domain/links'
import { countPdfPages, mergePdfs, NotMergeableError } from '../../../sandbox/domain/pdf-merge'
import { textPdf } from '../../../sandbox/domain/pdf-writer'
import { harness, T0 } from './harness'

/** Every xref entry must point exactly at "N 0 obj" — the structure readers rely on. */
function checkXref(bytes: Uint8Array): number {
  const src = Buffer.from(bytes).toString('latin1')
  const startxref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(src)?.[1])
  expect(src.slice(startxref, startxref + 4)).toBe('xref')
  const m = /xref\n0 (\d+)\n/.exec(src.slice(startxref))!
  const count = Number(m[1])
  const entries = src
    .slice(startxref + m[0].length)
    .split('\n')
    .slice(0, count)
  entries.slice(1).forEach((e, i) => {
    const off = Number(e.slice(0, 10))
    expect(src.slice(off, off + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`)
  })
  return count
}

describe('short-lived links', () => {
  it('are random, resolve until they expire, then say expired; unknown tokens are null', () => {
    const links = new LinkRegistry()
    const file = { contentType: 'text/plain', fileName: 'a.txt', body: new Uint8Array([1]) }
    const a = links.issue(file, 'http://h', T0)
    const b = links.issue(file, 'http://h', T0)
    expect(a.url).not.toBe(b.url)
    expect(a.expires_at).toBe(T0 + LINK_TTL_MS)
    const token = a.url.split('/files/')[1]!
    expect(links.open(token, T0 + LINK_TTL_MS - 1)).toBe(file)
    expect(links.open(token, T0 + LINK_TTL_MS)).toBe('expired')
    expect(links.open('nope', T0)).toBeNull()
  })

  it('world.openLink follows the injected time', async () => {
    const h = await harness()
    const a = h.world.state().jobs.flatMap((j) => j.attachments)[0]!
    const link = await h.call('getAttachmentDownload', { params: { attachment_id: a.attachment_id } })
    const token = String(link.url).split('/files/')[1]!
    expect(h.world.openLink(token, h.clock.now())).toMatchObject({ fileName: a.original_name })
    expect(h.world.openLink(token, Number(link.expires_at))).toBe('expired')
  })
})

describe('PDF writer and merger', () => {
  it('writes valid text PDFs across pages and merges them in order', () => {
    const long = textPdf({
      title: 'Long',
      body: Array.from({ length: 120 }, (_, i) => `Line ${i} with “quotes”, € and (parens)`).join('\n'),
    })
    const short = textPdf({ title: 'Short', body: 'One line.' })
    checkXref(long)
    expect(countPdfPages(long)).toBe(4) // 37 body lines under the title, then 40 a page
    const merged = mergePdfs([long, short, long], 'All')
    checkXref(merged)
    expect(countPdfPages(merged)).toBe(9)
    expect(Buffer.from(merged).toString('latin1')).toContain('\\223quotes\\224')
  })

  it('refuses cross-reference streams and encrypted files as not mergeable', () => {
    const compact = textPdf({ title: 'X', body: 'y' }, { xrefStream: true })
    expect(Buffer.from(compact).toString('latin1')).toContain('/Type /XRef')
    expect(() => mergePdfs([compact], 'x')).toThrow(NotMergeableError)
    const encrypted = Buffer.from(
      Buffer.from(textPdf({ title: 'X', body: 'y' }))
        .toString('latin1')
        .replace('/Root 1 0 R', '/Root 1 0 R /Encrypt 5 0 R'),
      'latin1',
    )
    expect(() => mergePdfs([encrypted], 'x')).toThrow(/encrypted/)
  })

  it('createScriptsPdf merges typed and PDF scripts and lists the rest as missing with reasons', async () => {
    const h = await harness()
    const jobs = h.world.state().jobs.filter((j) => j.status === 'pending')
    const typed = jobs.filter((j) => j.script.kind === 'typed').slice(0, 3)
    const pdfDoc = jobs.find((j) => j.script.document?.pdf?.kind === 'pdf' && !j.script.document.pdf.xrefStream)!
    const noPdf = jobs.find((j) => j.script.kind === 'document' && !j.script.document?.pdf)!
    const scanned = jobs.find((j) => j.script.document?.pdf?.kind === 'pdf' && j.script.document.pdf.xrefStream)!
    const none = jobs.find((j) => j.script.kind === 'none')!
    const ids = [...typed.map((j) => j.job_id), pdfDoc.job_id, noPdf.job_id, scanned.job_id, none.job_id]
    const out = await h.call('createScriptsPdf', { body: { job_ids: ids } })
    expect(out.included).toEqual([...typed.map((j) => j.job_id), pdfDoc.job_id])
    expect(out.missing).toEqual([
      { job_id: noPdf.job_id, reason: 'no_pdf' },
      { job_id: scanned.job_id, reason: 'not_mergeable' },
      { job_id: none.job_id, reason: 'no_script' },
    ])
    const file = h.world.openLink(String(out.url).split('/files/')[1]!, h.clock.now())
    if (!file || file === 'expired' || !(file.body instanceof Uint8Array))
      throw new Error('merged PDF link did not resolve')
    expect(file.contentType).toBe('application/pdf')
    checkXref(file.body)
    expect(countPdfPages(file.body)).toBeGreaterThanOrEqual(4)
    expect(Buffer.from(file.body).toString('latin1')).toContain(typed[0]!.key_number)
    const nothing = await h.call('createScriptsPdf', { body: { job_ids: [none.job_id] } })
    expect(nothing).toMatchObject({
      url: null,
      expires_at: null,
      included: [],
      missing: [{ job_id: none.job_id, reason: 'no_script' }],
    })
  })
})
