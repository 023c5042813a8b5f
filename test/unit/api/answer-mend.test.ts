/**
 * The spare parts of a job through the answer door (main/api/answer-mend.ts, spare-parts.ts): a part
 * that does not conform is left out with one plain note per kind of part; the script and every other part
 * stay as sent; a job whose needed parts are damaged is still unreadable. fast-check puts arbitrary JSON in
 * each spare part of a job's details and of a job's row.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { passDoor, type UnreadableItem } from '../../../main/api/answer-door'
import { SPARE_PARTS } from '../../../main/api/spare-parts'
import { ApiError } from '../../../main/api/errors'
import { LEFT_OUT_FIELD, leftOutNotes } from '../../../shared/api-read'
import { CONFORMING_FIELDS, jobDetail, jobSummary } from '../../support/conforming-answers'

type Json = Record<string, unknown>

/** A job richer than the conforming one: two of each list, both kinds of directions. */
function richJob(): Json {
  return {
    ...jobDetail('4'),
    traffic: [
      { cart_id: 'C1', start_date: '2026-01-01', end_date: null },
      { cart_id: null, start_date: null, end_date: null },
    ],
    other_talent: ['Sam', 'Lee'],
    directions: { html: '<p>Warm, <b>friendly</b>.</p>', text: 'Warm, friendly.' },
    pronunciations: [
      { word: 'Acme', say: 'AK-mee' },
      { word: 'Built', say: 'bilt' },
      { word: 'last', say: 'lahst' },
    ],
    timeline: [
      { at: 1_760_000_000_000, actor: 'producer', kind: 'sent', label: 'Sent to you' },
      { at: 1_760_000_100_000, actor: 'talent', kind: 'viewed', label: 'Viewed' },
    ],
  }
}

const envelope = (job: Json): Json => ({ ok: true, api_version: '1', job: structuredClone(job) })
const passJob = (job: Json) => (passDoor('getJob', envelope(job)) as { job: Json }).job

/** Words for people: no field path, no validator's phrasing. */
function expectPlainNote(note: string): void {
  expect(note).toMatch(/^[A-Z0-9].+\.$/)
  expect(note).not.toMatch(/\[\d+\]|\.\w+\[|job\.|must |instancePath|#\/|null|undefined/)
}

describe('a job with a damaged spare part', () => {
  it('one pronunciation with no word: it alone is left out, with the plain note; the script and the rest show', () => {
    const job = richJob()
    ;(job['pronunciations'] as Json[])[0] = { word: null, say: 'AK-mee' }
    const out = passJob(job)
    expect(out['pronunciations']).toEqual([
      { word: 'Built', say: 'bilt' },
      { word: 'last', say: 'lahst' },
    ])
    expect(out[LEFT_OUT_FIELD]).toEqual(['One pronunciation from the producer could not be read and is not shown.'])
    expect(out['script']).toEqual(richJob()['script'])
    expect(out['directions']).toEqual(richJob()['directions'])
  })

  it('two damaged pronunciations and directions whose formatting is not text: counted, and the directions read as plain text', () => {
    const job = richJob()
    ;(job['pronunciations'] as unknown[])[0] = 'Acme'
    ;(job['pronunciations'] as unknown[])[2] = { word: 'last' }
    ;(job['directions'] as Json)['html'] = 42
    const out = passJob(job)
    expect(out['pronunciations']).toEqual([{ word: 'Built', say: 'bilt' }])
    expect(out['directions']).toEqual({ html: null, text: 'Warm, friendly.' })
    expect(out[LEFT_OUT_FIELD]).toEqual([
      "The directions' formatting could not be read; they are shown as plain text.",
      '2 pronunciations from the producer could not be read and are not shown.',
    ])
  })

  it('directions that are not a group at all are left out whole, once (not also their inner parts)', () => {
    const job = richJob()
    job['directions'] = ['loud', 3]
    const out = passJob(job)
    expect(out['directions']).toEqual({ html: null, text: '' })
    expect(out[LEFT_OUT_FIELD]).toEqual(['The directions from the producer could not be read and are not shown.'])
  })

  it('a missing spare part is a left-out one (its neutral value), not an unreadable job', () => {
    const job = richJob()
    delete job['pronunciations']
    delete job['rate']
    const out = passJob(job)
    expect(out['pronunciations']).toEqual([])
    expect(out['rate']).toBeNull()
    expect(leftOutNotes(out)).toHaveLength(2)
  })

  it("a job that conforms passes with no notes, and a service's own notes field is never taken for Booth's", () => {
    expect(passJob(richJob())[LEFT_OUT_FIELD]).toBeUndefined()
    const job = { ...richJob(), [LEFT_OUT_FIELD]: ['Click here to win'] }
    expect(passJob(job)[LEFT_OUT_FIELD]).toBeUndefined()
  })

  it.each([
    [
      'the script is null',
      (j: Json) => {
        j['script'] = null
      },
    ],
    [
      "the script's text is not text",
      (j: Json) => {
        ;(j['script'] as Json)['text'] = 5
      },
    ],
    [
      'the title is missing',
      (j: Json) => {
        delete j['advertiser']
      },
    ],
    [
      'the id is a number',
      (j: Json) => {
        j['job_id'] = 4
      },
    ],
  ])('a needed part damaged (%s): the job is unreadable as before', (_what, damage) => {
    const job = richJob()
    ;(job['pronunciations'] as unknown[])[0] = null
    damage(job)
    expect(() => passJob(job)).toThrow(ApiError)
  })

  it("a job list's row with a damaged rate and reference still shows, with its notes; a row with no title is still an unreadable row", () => {
    const a = jobSummary('7')
    a['rate'] = { amount: 150 }
    a['reference'] = ['x']
    const b = jobSummary('8')
    b['advertiser'] = null
    b['rate'] = 'free'
    const body: Json = {
      ok: true,
      api_version: '1',
      ...structuredClone(CONFORMING_FIELDS['listJobs']),
      total: 3,
      items: [a, b, jobSummary('9')],
    }
    const out = passDoor('listJobs', body) as Json & { items: Json[]; unreadableItems?: UnreadableItem[] }
    expect(out.items.map((j) => j['job_id'])).toEqual(['7', '9'])
    expect(out.items[0]?.['rate']).toBeNull()
    expect(out.items[0]?.[LEFT_OUT_FIELD]).toEqual([
      "The job's reference could not be read and is not shown.",
      'The rate could not be read and is not shown.',
    ])
    expect(out.items[1]?.[LEFT_OUT_FIELD]).toBeUndefined()
    expect(out.unreadableItems).toEqual([
      { list: 'items', position: 1, id: '8', problem: '"advertiser" is empty (null) where text is expected' },
    ])
  })
})

/** Where each spare part of the details sits, as a path of keys (an item of a list: its index 0). */
const DETAIL_PLACES = SPARE_PARTS['getJob']?.parts.map((p) => p.at.replace('*', '0').split('/')) ?? []
const SUMMARY_PLACES = SPARE_PARTS['listJobs']?.parts.map((p) => p.at.split('/')) ?? []

function putAt(target: Json, place: readonly string[], value: unknown): void {
  let holder: unknown = target
  for (const key of place.slice(0, -1)) holder = (holder as Json)[key]
  ;(holder as Json)[place[place.length - 1] ?? ''] = value
}

function valueAt(target: unknown, place: readonly string[]): unknown {
  let cur = target
  for (const key of place) cur = cur === null || typeof cur !== 'object' ? undefined : (cur as Json)[key]
  return cur
}

describe('arbitrary JSON in the spare parts of a job (fast-check)', () => {
  it('never throws, never drops the script, leaves every other part as sent, and gives a note for every part it left out', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...DETAIL_PLACES.map((_p, i) => i)), { minLength: 1, maxLength: 6 }),
        fc.array(fc.jsonValue(), { minLength: 6, maxLength: 6 }),
        (which, junk) => {
          const sent = richJob()
          // Outer parts first, so a junk list is not then written into.
          const places = which.map((i) => DETAIL_PLACES[i] ?? []).sort((a, b) => a.length - b.length)
          const put: string[][] = []
          places.forEach((place, n) => {
            const parent = valueAt(sent, place.slice(0, -1))
            if (parent === null || typeof parent !== 'object') return
            putAt(sent, place, junk[n])
            put.push(place)
          })
          const out = passJob(sent)
          // The script is never left out, and what came through is a job Booth reads whole (through the door again, nothing is left out).
          expect((out['script'] as Json)['text']).toBe((sent['script'] as Json)['text'])
          const { [LEFT_OUT_FIELD]: notes, ...kept } = out
          expect(passJob(kept)[LEFT_OUT_FIELD]).toBeUndefined()
          // Every part of the job the junk was not put in is as sent.
          for (const key of Object.keys(sent)) {
            if (!put.some((p) => p[0] === key)) expect(out[key]).toEqual(sent[key])
          }
          // A part that came out changed was left out: there is a plain note for it.
          const changed = put.filter((p) => JSON.stringify(valueAt(out, p)) !== JSON.stringify(valueAt(sent, p)))
          if (changed.length > 0) {
            expect(Array.isArray(notes) && notes.length > 0).toBe(true)
            for (const note of notes as string[]) expectPlainNote(note)
          }
          if (changed.length === 0) expect(notes).toBeUndefined()
        },
      ),
      { numRuns: 400 },
    )
  })

  it('in a row of the list: the row still shows (its spare part left out with a note) and the other rows are untouched', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SUMMARY_PLACES),
        fc.jsonValue(),
        fc.integer({ min: 0, max: 2 }),
        (place, junk, at) => {
          const jobs = [0, 1, 2].map((i) => jobSummary(String(i + 1)))
          putAt(jobs[at] as Json, place, junk)
          const body: Json = {
            ok: true,
            api_version: '1',
            ...structuredClone(CONFORMING_FIELDS['listJobs']),
            total: 3,
            items: structuredClone(jobs),
          }
          const out = passDoor('listJobs', body) as Json & { items: Json[]; unreadableItems?: UnreadableItem[] }
          expect(out.unreadableItems ?? []).toEqual([])
          expect(out.items).toHaveLength(3)
          out.items.forEach((job, i) => {
            if (i !== at) expect(job).toEqual(jobSummary(String(i + 1)))
          })
          const row = out.items[at] as Json
          const changed = JSON.stringify(valueAt(row, place)) !== JSON.stringify(junk)
          expect(leftOutNotes(row)).toHaveLength(changed ? 1 : 0)
        },
      ),
      { numRuns: 400 },
    )
  })
})
