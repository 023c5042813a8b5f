/**
 * Every name the API sends is shown one way (main/api/answer-names.ts + shared/display-text.ts): held to
 * the API document (each text field of every schema is either a name or named here as free text), and
 * property-tested (fast-check) through the real client against Booth's sandbox, whose world gets
 * arbitrary names — bidi controls, line separators, half emoji — in every name field it can hold.
 */
import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { parse } from 'yaml'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../../sandbox/server'
import { createWorld, type DomainWorld } from '../../../sandbox/domain/index'
import { createTalentClient, type TalentClient } from '../../../main/api/client'
import { NAME_FIELDS, neutraliseNames } from '../../../main/api/answer-names'
import { displayText } from '../../../shared/display-text'

/** Text fields that are not names, each with why: shown as paragraphs, or codes and messages Booth never shows as sent. */
const FREE_TEXT: Record<string, string> = {
  'Script.html': 'the script',
  'Script.text': 'the script',
  'Directions.html': 'directions',
  'Directions.text': 'directions',
  'Pronunciation.word': 'must match the script as written',
  'Pronunciation.say': 'shown over the script word',
  'ScriptChange.previous_text': 'the script',
  'ScriptChange.current_text': 'the script',
  'ChangesRequest.note': 'a note',
  'Decline.reason': 'a note',
  'Completion.note': 'a note',
  'Delivery.note': 'a note',
  'Attachment.note': 'a note',
  'Check.summary': 'a sentence',
  'CheckIssue.expected': 'script words',
  'CheckIssue.heard': 'heard words',
  'CheckIssue.context': 'script words',
  'Preflight.codec': 'a codec code Booth measured',
  'ErrorEnvelope.error': 'a code',
  'ErrorEnvelope.message': 'kept apart as serverMessage, never shown as sent',
  'CreateDeliveryRequest.note': 'sent, not received',
  'DeclineJobsRequest.reason': 'sent, not received',
  'CompleteJobsRequest.note': 'sent, not received',
  'GetMeResponse.scopes': 'scope codes',
}

interface TextField {
  at: string
  key: string
}

/** Every property of every schema (nested inline objects too) that holds text: a plain string, or a list of them. */
function textFields(): TextField[] {
  const doc = parse(readFileSync('resources/api/talent-v1.yaml', 'utf8')) as {
    components: { schemas: Record<string, Schema> }
  }
  const out: TextField[] = []
  const isText = (s: Schema | undefined): boolean => {
    const types = ([] as unknown[]).concat(s?.type ?? [])
    return types.includes('string') && !s?.enum && !s?.format && !s?.pattern && !s?.$ref
  }
  const visit = (at: string, s: Schema): void => {
    for (const [key, p] of Object.entries(s.properties ?? {})) {
      if (isText(p) || (([] as unknown[]).concat(p.type ?? []).includes('array') && isText(p.items)))
        out.push({ at, key })
      visit(`${at}.${key}`, p)
      if (p.items) visit(`${at}.${key}[]`, p.items)
    }
    for (const sub of [...(s.allOf ?? []), ...(s.oneOf ?? []), ...(s.anyOf ?? [])]) visit(at, sub)
  }
  for (const [name, schema] of Object.entries(doc.components.schemas)) visit(name, schema)
  return out
}

interface Schema {
  type?: string | string[]
  enum?: unknown
  format?: string
  pattern?: string
  $ref?: string
  properties?: Record<string, Schema>
  items?: Schema
  allOf?: Schema[]
  oneOf?: Schema[]
  anyOf?: Schema[]
}

describe('the name fields, held to the API document', () => {
  const fields = textFields()
  it('classes every text field of every schema as a name or as free text', () => {
    const unclassed = fields
      .filter((f) => !NAME_FIELDS.has(f.key) && !(`${f.at}.${f.key}` in FREE_TEXT))
      .map((f) => `${f.at}.${f.key}`)
    expect(unclassed).toEqual([])
    expect(fields.length).toBeGreaterThan(40)
  })
  it('names no field the document does not have, and calls no name field free text', () => {
    const keys = new Set(fields.map((f) => f.key))
    expect([...NAME_FIELDS].filter((k) => !keys.has(k))).toEqual([])
    expect(Object.keys(FREE_TEXT).filter((k) => NAME_FIELDS.has(k.split('.').at(-1) as string))).toEqual([])
  })
})

const BIDI_AND_FRIENDS = [
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u206A',
  '\u206F',
  '\u200E',
  '\u200F',
  '\u061C',
  '\u2028',
  '\u2029',
  '\n',
  '\t',
  '\u0000',
  '\u0085',
  '\uD83C',
]
const UNSAFE =
  /[\u202A-\u202E\u2066-\u206F\u200E\u200F\u061C\u2028\u2029\p{Cc}]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/u
/** Arbitrary text with the characters that can disguise a name mixed in, never empty. */
const hostileName = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 6 }),
      fc.string({ unit: 'binary', maxLength: 4 }),
      fc.constantFrom(...BIDI_AND_FRIENDS),
    ),
    { minLength: 1, maxLength: 8 },
  )
  .map((parts) => `${parts.join('')}x`)

/** Every name-field value (strings, and the strings of name lists) in an answer, with where it is. */
function namesIn(value: unknown, at = ''): Array<{ at: string; value: string }> {
  if (Array.isArray(value)) return value.flatMap((v, i) => namesIn(v, `${at}[${i}]`))
  if (value === null || typeof value !== 'object') return []
  return Object.entries(value).flatMap(([key, field]) => {
    if (NAME_FIELDS.has(key) && typeof field === 'string') return [{ at: `${at}.${key}`, value: field }]
    if (NAME_FIELDS.has(key) && Array.isArray(field))
      return field
        .filter((v): v is string => typeof v === 'string')
        .map((v, i) => ({ at: `${at}.${key}[${i}]`, value: v }))
    return namesIn(field, `${at}.${key}`)
  })
}

describe('neutraliseNames (pure)', () => {
  it('changes only name fields, each to displayText of itself, at any depth', () => {
    fc.assert(
      fc.property(hostileName, hostileName, fc.string(), (a, b, text) => {
        const answer = {
          job: {
            customer: { id: '1', name: a },
            other_talent: [b, a],
            script: { text },
            deliveries_detail: [{ original_name: b, note: a }],
          },
        }
        const shown = neutraliseNames(answer)
        expect(shown).toEqual({
          job: {
            customer: { id: '1', name: displayText(a) },
            other_talent: [displayText(b), displayText(a)],
            script: { text },
            deliveries_detail: [{ original_name: displayText(b), note: a }],
          },
        })
        expect(answer.job.customer.name).toBe(a) // a copy: the answer itself is left as it was
      }),
      { numRuns: 300 },
    )
  })
})

describe('every name the service sends arrives as Booth shows names (real client, sandbox, property)', () => {
  let world: DomainWorld
  let sandbox: RunningSandbox
  let client: TalentClient
  const TOKEN = 'booth_answer_names_token_0001'
  beforeAll(async () => {
    world = await createWorld({ producer: false })
    sandbox = await startSandbox({
      world,
      keys: [{ token: TOKEN, scopes: '*' }],
      producer: false,
      rateLimit: { limit: 100_000, windowMs: 60_000 },
      log: () => {},
    })
    client = createTalentClient({ baseUrl: sandbox.url, apiKey: () => TOKEN, retry: { maxAttempts: 1 } })
  })
  afterAll(async () => {
    await sandbox.close()
    await world.close()
  })

  it('customer, voice, advertiser, key number, producer, agency, other talent, attachment, delivery, timeline, account: no control survives', async () => {
    const state = world.state()
    const job = state.jobs.find((j) => j.status === 'pending' && j.attachments.length > 0)
    const delivered = state.jobs.find((j) => j.deliveries.length > 0)
    if (!job || !delivered)
      throw new Error('The seed world has no pending job with attachments, or no job with deliveries.')
    const customer = state.customers.find((c) => c.id === job.customer_id)
    const voice = state.voices.find((v) => v.id === job.voice_id)
    if (!customer || !voice) throw new Error('The job’s customer or voice is missing.')
    const attachment = job.attachments[0]
    const delivery = delivered.deliveries[0]
    if (!attachment || !delivery) throw new Error('unreachable')
    const month = new Date().toISOString().slice(0, 7)
    const yearAgo = `${Number(month.slice(0, 4)) - 1}${month.slice(4)}`
    const names = fc.record({
      customer: hostileName,
      voice: hostileName,
      advertiser: hostileName,
      keyNumber: hostileName,
      reference: hostileName,
      producer: hostileName,
      producerEmail: hostileName,
      agency: hostileName,
      other: hostileName,
      attachment: hostileName,
      ext: hostileName,
      delivery: hostileName,
      deliveryFile: hostileName,
      timeline: hostileName,
      talent: hostileName,
      talentEmail: hostileName,
    })
    await fc.assert(
      fc.asyncProperty(names, async (n) => {
        Object.assign(customer, { name: n.customer })
        Object.assign(voice, { name: n.voice })
        Object.assign(job, {
          advertiser: n.advertiser,
          key_number: n.keyNumber,
          reference: n.reference,
          producer: { name: n.producer, email: n.producerEmail },
          agency: n.agency,
          other_talent: [n.other],
        })
        Object.assign(attachment, { original_name: n.attachment, ext: n.ext })
        Object.assign(delivery, { original_name: n.delivery, file_name: n.deliveryFile })
        if (job.timeline[0]) job.timeline[0].label = n.timeline
        Object.assign(state.talent, { name: n.talent, email: n.talentEmail })

        const answers = [
          await client.me(),
          await client.listJobs({ tab: 'pending', page_size: 100 }),
          await client.getJob(job.job_id),
          await client.getJob(delivered.job_id),
          await client.listDeliveries(delivered.job_id),
          await client.earnings({ from: yearAgo, to: month }),
          await client.getAvailability(),
        ]
        for (const answer of answers) {
          for (const shown of namesIn(answer))
            expect(UNSAFE.test(shown.value), `${shown.at}: ${JSON.stringify(shown.value)}`).toBe(false)
        }
        const { job: detail } = await client.getJob(job.job_id)
        expect(detail.customer.name).toBe(displayText(n.customer))
        expect(detail.voice.name).toBe(displayText(n.voice))
        expect(detail.advertiser).toBe(displayText(n.advertiser))
        expect(detail.key_number).toBe(displayText(n.keyNumber))
        expect(detail.producer?.name).toBe(displayText(n.producer))
        expect(detail.other_talent).toEqual([displayText(n.other)])
        expect(detail.attachments_detail.find((a) => a.attachment_id === attachment.attachment_id)?.original_name).toBe(
          displayText(n.attachment),
        )
        const { deliveries } = await client.listDeliveries(delivered.job_id)
        expect(deliveries.find((d) => d.delivery_id === delivery.delivery_id)?.original_name).toBe(
          displayText(n.delivery),
        )
        expect((await client.me()).name).toBe(displayText(n.talent))
      }),
      { numRuns: 25 },
    )
  })
})
