import { describe, expect, it } from 'vitest'
import {
  jobCount,
  jobName,
  missingReasonWords,
  outcomeWords,
  producersLine,
} from '../../../../renderer/src/ui/format/action-words'
import { actionResult, scriptsPdfResult } from '../../../../renderer/src/jobs/bulk/bulk-result'
import { ownScriptUrl, UntrustedScriptUrlError } from '../../../../renderer/src/ui/booth-policy'
import { base64ToBytes } from '../../../../renderer/src/script/pdf/base64-bytes'
import { job } from '../support/fake-bridge'

describe('words for job actions', () => {
  it('says what each outcome and each missing-script reason means', () => {
    expect(outcomeWords('accepted')).toBe('accepted')
    expect(outcomeWords('already_accepted')).toBe('already accepted')
    expect(outcomeWords('completed')).toBe('marked complete')
    expect(outcomeWords('some_new_outcome')).toBe('some new outcome')
    expect(missingReasonWords('no_script')).toBe('no script yet')
    expect(missingReasonWords('no_pdf')).toBe('script has no PDF')
    expect(missingReasonWords('not_mergeable')).toBe('PDF could not be merged')
  })

  it('names the producers who will be told, once each, and shortens a long list', () => {
    const a = job('1', { producer_name: 'Dana Whitfield', customer: { id: '1', name: 'Northstar Audio' } })
    const b = job('2', { producer_name: null, customer: { id: '2', name: 'Harbour Lane' } })
    expect(producersLine([a, a])).toBe('Dana Whitfield (Northstar Audio)')
    expect(producersLine([a, b])).toBe('Dana Whitfield (Northstar Audio) and the producer at Harbour Lane')
    const many = ['A', 'B', 'C', 'D', 'E', 'F'].map((n, i) => job(String(i + 1), { producer_name: n }))
    expect(producersLine(many)).toBe(
      'A (Northstar Audio), B (Northstar Audio), C (Northstar Audio), D (Northstar Audio) and 2 other producers',
    )
    expect(jobCount(1)).toBe('1 job')
    expect(jobName(a)).toBe('Advertiser 1 (ACMH-1)')
  })

  it('turns bulk answers into one line per job, naming jobs it was not asked about from the answer', () => {
    const asked = [job('1'), job('2')]
    const r = actionResult('accept', asked, {
      replayed: false,
      results: [
        { job_id: '1', outcome: 'accepted', job: job('1') },
        { job_id: '3', outcome: 'already_accepted', job: job('3', { advertiser: 'Other' }) },
      ],
    })
    expect(r.kind === 'action' && r.rows.map((x) => `${x.name} — ${x.words}`)).toEqual([
      'Advertiser 1 (ACMH-1) — accepted',
      'Other (ACMH-3) — already accepted',
    ])
    const pdf = scriptsPdfResult(
      asked,
      {
        included: ['1'],
        missing: [
          { job_id: '2', reason: 'no_pdf' },
          { job_id: '8', reason: 'no_script' },
        ],
        savedPath: '/tmp/x.pdf',
        url: null,
        fileName: 'x.pdf',
      },
      { kind: 'saved', path: '/tmp/x.pdf' },
    )
    expect(pdf.kind === 'scriptsPdf' && pdf.missing.map((m) => `${m.name}: ${m.reason}`)).toEqual([
      'Advertiser 2 (ACMH-2): script has no PDF',
      'Job 8: no script yet',
    ])
  })
})

describe('script URLs Booth lets run, and PDF bytes', () => {
  it('allows only the page’s own origin', () => {
    const page = 'http://127.0.0.1:4780/index.html'
    expect(ownScriptUrl('/assets/pdf.worker.min-x.mjs', page)).toBe('http://127.0.0.1:4780/assets/pdf.worker.min-x.mjs')
    expect(ownScriptUrl('booth://app/assets/w.mjs', 'booth://app/index.html')).toBe('booth://app/assets/w.mjs')
    expect(() => ownScriptUrl('https://evil.example/w.js', page)).toThrow(UntrustedScriptUrlError)
    expect(() => ownScriptUrl('data:text/javascript,alert(1)', page)).toThrow(/only Booth’s own files/)
    expect(() => ownScriptUrl('http://localhost:4780/w.js', page)).toThrow(UntrustedScriptUrlError)
  })

  it('decodes base64 to the exact bytes', () => {
    const bytes = Uint8Array.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x80])
    expect(Array.from(base64ToBytes(Buffer.from(bytes).toString('base64')))).toEqual(Array.from(bytes))
    expect(() => base64ToBytes('not base64!!')).toThrow()
  })
})
