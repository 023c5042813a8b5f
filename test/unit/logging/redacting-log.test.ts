import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createFileSink } from '../../../main/logging/log-file-sink'
import { createLog, electronLogSink, type LogEntry } from '../../../main/logging/redacting-log'
import { REDACTED, secretForms } from '../../../main/logging/redaction'

const CANARY = 'bk_live_C4n4ry+Key/9xQ=Zz'

/** Every form of the canary that must never appear in a log (computed here, not only by the module). */
const leakedForms = [
  ...secretForms(CANARY),
  CANARY,
  encodeURIComponent(CANARY),
  // a chunk of the canary's base64 at each of the three byte alignments, standard and URL-safe
  ...[0, 1, 2].flatMap((offset) => {
    const chunk = Buffer.concat([Buffer.alloc(offset), Buffer.from(CANARY)])
      .toString('base64')
      .slice(4, 16)
    return [chunk, chunk.replace(/\+/g, '-').replace(/\//g, '_')]
  }),
]

function expectNoLeak(text: string) {
  for (const form of leakedForms) expect(text, `leaked form ${form}`).not.toContain(form)
  expect(text).not.toMatch(/Bearer\s+(?!\[REDACTED\])\S/i)
}

/** Logs the canary in every way a careless caller could. */
function logEverywhere(log: ReturnType<typeof createLog>) {
  const error = new Error(`request failed for key ${CANARY}`, { cause: new Error(`inner: Bearer ${CANARY}`) })
  Object.assign(error, { config: { headers: { Authorization: `Bearer ${CANARY}` } } })
  const circular: Record<string, unknown> = { key: CANARY }
  circular.self = circular
  log.info(`using key ${CANARY}`)
  log.info('calling GET https://api.example/api/v1/jobs?key=' + encodeURIComponent(CANARY))
  log.warn('header dump', { headers: { authorization: `Bearer ${CANARY}`, 'X-Api-Key': CANARY, accept: 'json' } })
  log.warn('fetch headers', { headers: new Headers({ Authorization: `Bearer ${CANARY}`, 'x-request-id': 'r1' }) })
  log.error('nested', { a: [{ b: { c: `prefix-${CANARY}-suffix` } }], map: new Map([['k', CANARY]]), circular })
  log.error('base64 basic auth', { raw: 'Basic ' + Buffer.from(`me:${CANARY}`).toString('base64') })
  log.error('base64 embedded', { blob: Buffer.from(`xy${CANARY}tail`).toString('base64') })
  log.error('base64url token', { jwt: `eyJhbGciOiJI.${Buffer.from(`{"k":"${CANARY}"}`).toString('base64url')}.sig` })
  log.error('raw http', { text: `GET /me HTTP/1.1\r\nAuthorization: Bearer ${CANARY}\r\nHost: x` })
  log.error('json body', { body: JSON.stringify({ authorization: CANARY.toUpperCase(), token: `Bearer ${CANARY}` }) })
  log.error('thrown', { error })
  log.child({ module: 'poller', key: CANARY }).info('child logger')
}

describe('redacting log', () => {
  it('never lets the canary key reach the sink, in messages, objects, headers or errors', () => {
    const entries: LogEntry[] = []
    const log = createLog({ sink: { write: (entry) => entries.push(entry) }, level: 'debug' })
    log.addSecret(CANARY)
    logEverywhere(log)
    expect(entries).toHaveLength(12)
    const text = JSON.stringify(entries)
    expectNoLeak(text)
    expect(entries[0]?.message).toBe(`using key ${REDACTED}`)
    expect(entries[2]?.fields).toEqual({ headers: { authorization: REDACTED, 'X-Api-Key': REDACTED, accept: 'json' } })
    expect(entries[3]?.fields).toEqual({ headers: { authorization: REDACTED, 'x-request-id': 'r1' } })
    expect(entries[4]?.fields).toMatchObject({
      a: [{ b: { c: `prefix-${REDACTED}-suffix` } }],
      circular: { self: '[Circular]' },
    })
    const thrown = (entries[10]?.fields.error ?? {}) as Record<string, unknown>
    expect(thrown.message).toBe(`request failed for key ${REDACTED}`)
    expect(thrown.stack).toContain(`request failed for key ${REDACTED}`)
    expect(thrown.cause).toMatchObject({ message: `inner: Bearer ${REDACTED}` })
    expect(entries[11]?.fields).toEqual({ module: 'poller', key: REDACTED })
  })

  it('redacts Authorization and Bearer values even for a key it was never told about', () => {
    const entries: LogEntry[] = []
    const log = createLog({ sink: { write: (entry) => entries.push(entry) } })
    log.info('sent Authorization: Bearer unknown-key-123 and bearer%20other.tok-en')
    log.info('plain prose about basic settings stays readable')
    expect(entries.map((entry) => entry.message)).toEqual([
      `sent Authorization: ${REDACTED} and bearer%20${REDACTED}`,
      'plain prose about basic settings stays readable',
    ])
  })

  it('filters by level, keeps working when the sink throws, and refuses bad options', () => {
    const entries: LogEntry[] = []
    const log = createLog({ sink: { write: (entry) => entries.push(entry) }, level: 'warn', now: () => 5 })
    log.debug('no')
    log.info('no')
    log.warn('yes', { n: 1n, when: new Date(0), bytes: new Uint8Array(3) })
    expect(entries).toEqual([
      {
        level: 'warn',
        time: 5,
        message: 'yes',
        fields: { n: '1', when: '1970-01-01T00:00:00.000Z', bytes: '[3 bytes]' },
      },
    ])
    const broken = createLog({
      sink: {
        write: () => {
          throw new Error('disk full')
        },
      },
    })
    expect(() => broken.error('still fine')).not.toThrow()
    expect(() => createLog({} as never)).toThrow(/needs a sink/)
    expect(() => createLog({ sink: { write: () => undefined }, level: 'loud' as never })).toThrow(
      /Unknown log level "loud"/,
    )
    expect(() => log.addSecret('ab')).toThrow(/at least 4 characters/)
  })

  it('stops redacting a secret once it is removed', () => {
    const entries: LogEntry[] = []
    const log = createLog({ sink: { write: (entry) => entries.push(entry) }, secrets: ['old-key-0001'] })
    log.info('old-key-0001')
    log.removeSecret('old-key-0001')
    log.info('old-key-0001')
    expect(entries.map((entry) => entry.message)).toEqual([REDACTED, 'old-key-0001'])
  })

  it('hands electron-log the redacted message and fields', () => {
    const calls: unknown[][] = []
    const fake = {
      debug: (...p: unknown[]) => calls.push(['debug', ...p]),
      info: (...p: unknown[]) => calls.push(['info', ...p]),
      warn: (...p: unknown[]) => calls.push(['warn', ...p]),
      error: (...p: unknown[]) => calls.push(['error', ...p]),
    }
    const log = createLog({ sink: electronLogSink(fake), secrets: [CANARY] })
    log.info(`key ${CANARY}`)
    log.error('failed', { authorization: `Bearer ${CANARY}` })
    expect(calls).toEqual([
      ['info', `key ${REDACTED}`],
      ['error', 'failed', { authorization: REDACTED }],
    ])
  })
})

describe('file sink', () => {
  let dataDir: string
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'booth-log-'))
  })
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  it('writes redacted lines to <dataDir>/logs/booth.log with the canary nowhere in the file', async () => {
    const sink = createFileSink({ dataDir })
    const log = createLog({ sink, level: 'debug', secrets: [CANARY] })
    logEverywhere(log)
    expect(sink.path).toBe(join(dataDir, 'logs', 'booth.log'))
    const text = await readFile(sink.path, 'utf8')
    expect(text.trimEnd().split('\n')).toHaveLength(12)
    expect(text).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z INFO {2}using key \[REDACTED\]\n/)
    expectNoLeak(text)
  })

  it('rotates at the size limit and keeps only the newest files', async () => {
    const sink = createFileSink({ dataDir, maxBytes: 2048, keep: 2 })
    const log = createLog({ sink })
    for (let i = 0; i < 60; i++) log.info(`line ${i} ${'x'.repeat(100)}`)
    const names = (await readdir(join(dataDir, 'logs'))).sort()
    expect(names).toEqual(['booth.1.log', 'booth.2.log', 'booth.log'])
    const current = await readFile(sink.path, 'utf8')
    expect(Buffer.byteLength(current)).toBeLessThanOrEqual(2048)
    expect(current).toContain('line 59 ')
    const older = await readFile(join(dataDir, 'logs', 'booth.2.log'), 'utf8')
    expect(older).not.toContain('line 0 ')
  })

  it('refuses a relative folder and silly limits', () => {
    expect(() => createFileSink({ dataDir: 'relative/dir' })).toThrow(/absolute data folder/)
    expect(() => createFileSink({ dataDir, maxBytes: 10 })).toThrow(/at least 1024/)
    expect(() => createFileSink({ dataDir, keep: 0 })).toThrow(/1 to 20/)
  })
})
