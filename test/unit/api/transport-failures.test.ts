/**
 * Each connection failure named for what it is, through Booth's real transport: a self-signed and a
 * wrong-name certificate, a name that does not resolve, a lookup that never answers (connect timeout),
 * a refused port; the answer size cap, declared and undeclared; and the code classifier over any input.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer as createHttpsServer, type Server } from 'node:https'
import type { LookupFunction } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { readBodyCapped } from '../../../main/api/body-reader'
import { createTalentClient } from '../../../main/api/client'
import { ApiError, isOfflineKindError, type ApiErrorKind } from '../../../main/api/errors'
import { kindForCode } from '../../../main/api/network-failure'
import { createNodeTransport } from '../../../main/api/transport'
import { refusedUrl } from '../../support/fault-proxy'
import { ok, startScriptedServer, type ScriptedServer } from './scripted-server'
import { failure } from '../../support/api-failure'

const KEY = 'test-key-123456'
let dir: string
let cert: Buffer
let https: Server
let httpsPort: number
let server: ScriptedServer

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'booth-tls-'))
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  )
  cert = readFileSync(join(dir, 'cert.pem'))
  https = createHttpsServer({ key: readFileSync(join(dir, 'key.pem')), cert }, (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(
      JSON.stringify({
        ok: true,
        api_version: '1',
        key_id: '1',
        email: 'a@b.c',
        name: 'Ann',
        scopes: [],
        expires_at: null,
      }),
    )
  })
  await new Promise<void>((resolve) => https.listen(0, '127.0.0.1', resolve))
  httpsPort = (https.address() as { port: number }).port
  server = await startScriptedServer()
})
afterAll(async () => {
  await new Promise<void>((resolve) => https.close(() => resolve()))
  await server.close()
  rmSync(dir, { recursive: true, force: true })
})
beforeEach(() => server.reset())

const toLoopback: LookupFunction = (_host, options, callback) => {
  if ((options as { all?: boolean }).all)
    (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [
      { address: '127.0.0.1', family: 4 },
    ])
  else callback(null, '127.0.0.1', 4)
}

function client(baseUrl: string, extra: Partial<Parameters<typeof createTalentClient>[0]> = {}) {
  return createTalentClient({ baseUrl, apiKey: () => KEY, retry: { maxAttempts: 1 }, ...extra })
}

describe('certificate problems', () => {
  it('a self-signed certificate is a certificate failure, never retried', async () => {
    const error = await failure(client(`https://127.0.0.1:${httpsPort}`, { retry: { maxAttempts: 3 } }).me())
    expect(error).toMatchObject({ kind: 'certificate', retryable: false })
    expect(error.message).toMatch(
      /failed its certificate check \((DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN)\)/,
    )
    expect(isOfflineKindError(error)).toBe(true)
  })

  it('a trusted certificate for another name is a certificate failure', async () => {
    const error = await failure(
      client(`https://127.0.0.1:${httpsPort}`, {
        fetch: createNodeTransport({ ca: cert }),
        fetchReportsConnect: true,
      }).me(),
    )
    expect(error.kind).toBe('certificate')
    expect(error.message).toMatch(/ERR_TLS_CERT_ALTNAME_INVALID/)
  })

  it('a trusted certificate for the right name works over https', async () => {
    const c = client(`https://localhost:${httpsPort}`, {
      fetch: createNodeTransport({ ca: cert, lookup: toLoopback }),
      fetchReportsConnect: true,
    })
    expect((await c.me()).name).toBe('Ann')
  })
})

describe('unreachable, refused and connect timeouts', () => {
  it('a name that does not resolve is unreachable', async () => {
    const notFound: LookupFunction = (host, _options, callback) =>
      callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' }), '', 4)
    const error = await failure(
      client('http://api.booth.invalid', {
        fetch: createNodeTransport({ lookup: notFound }),
        fetchReportsConnect: true,
      }).me(),
    )
    expect(error).toMatchObject({ kind: 'unreachable', retryable: true })
    expect(error.message).toMatch(/api\.booth\.invalid cannot be reached \(ENOTFOUND\)/)
  })

  it('a port nothing listens on is refused', async () => {
    const error = await failure(client(await refusedUrl()).me())
    expect(error).toMatchObject({ kind: 'refused', retryable: true })
  })

  it('no connection within the connect timeout is connect_timeout, not the idle timeout', async () => {
    const never: LookupFunction = () => {}
    const c = client('http://api.booth.test', {
      fetch: createNodeTransport({ lookup: never }),
      fetchReportsConnect: true,
      connectTimeoutMs: 120,
      idleTimeoutMs: 5_000,
    })
    const started = Date.now()
    const error = await failure(c.me())
    expect(error).toMatchObject({ kind: 'connect_timeout', retryable: true })
    expect(error.message).toMatch(/did not accept a connection within 0\.1 s/)
    expect(Date.now() - started).toBeLessThan(2_000)
  })
})

describe('the answer size cap', () => {
  it('an answer declaring more than the cap is refused before its body is read', async () => {
    server.push((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(10_000) })
      res.write('{"ok":true,')
    })
    const error = await failure(client(server.url, { maxAnswerBytes: 1_000 }).me())
    expect(error).toMatchObject({ kind: 'too_large', status: 200, retryable: false })
    expect(error.message).toMatch(/larger than Booth accepts \(1000 bytes\)/)
  })

  it('an undeclared answer is refused as soon as it passes the cap', async () => {
    server.push(ok({ pad: 'x'.repeat(5_000) }))
    const error = await failure(client(server.url, { maxAnswerBytes: 4_096 }).me())
    expect(error.kind).toBe('too_large')
    server.push(ok({ key_id: '1', email: 'a@b.c', name: 'Ann', scopes: [], expires_at: null }))
    expect((await client(server.url, { maxAnswerBytes: 4_096 }).me()).name).toBe('Ann')
  })

  it('any body is returned whole when within the cap and refused when over it (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 3_000 }),
        fc.integer({ min: 1, max: 3_000 }),
        fc.integer({ min: 1, max: 700 }),
        async (bytes, cap, chunk) => {
          const stream = new ReadableStream<Uint8Array>({
            start(controller) {
              for (let i = 0; i < bytes.length; i += chunk) controller.enqueue(bytes.slice(i, i + chunk))
              controller.close()
            },
          })
          const progress = { received: 0, expected: null }
          const read = readBodyCapped(new Response(stream), { capBytes: cap, host: 'h', onChunk: () => {}, progress })
          if (bytes.length <= cap) expect(Buffer.from(await read).equals(Buffer.from(bytes))).toBe(true)
          else await expect(read).rejects.toMatchObject({ kind: 'too_large' })
          expect(progress.received).toBeLessThanOrEqual(Math.max(cap + chunk, bytes.length <= cap ? bytes.length : 0))
        },
      ),
      { numRuns: 150 },
    )
  })
})

describe('naming and the offline test', () => {
  it('kindForCode names every code, and TLS codes are always certificate failures (property)', () => {
    const kinds: ApiErrorKind[] = ['network', 'cut_off', 'unreachable', 'refused', 'connect_timeout', 'certificate']
    fc.assert(
      fc.property(
        fc.option(fc.string(), { nil: null }),
        fc.constantFrom('before_answer' as const, 'in_body' as const),
        (code, phase) => {
          expect(kinds).toContain(kindForCode(code, phase))
          if (code?.startsWith('CERT_')) expect(kindForCode(code, phase)).toBe('certificate')
        },
      ),
    )
    expect(kindForCode('ECONNREFUSED', 'before_answer')).toBe('refused')
    expect(kindForCode('EHOSTUNREACH', 'before_answer')).toBe('unreachable')
    expect(kindForCode('ENETUNREACH', 'before_answer')).toBe('unreachable')
    expect(kindForCode('EAI_AGAIN', 'before_answer')).toBe('unreachable')
    expect(kindForCode('UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'before_answer')).toBe('certificate')
    expect(kindForCode('CERT_HAS_EXPIRED', 'before_answer')).toBe('certificate')
    expect(kindForCode('ECONNRESET', 'before_answer')).toBe('network')
    expect(kindForCode('ECONNRESET', 'in_body')).toBe('cut_off')
    expect(kindForCode('UND_ERR_CONNECT_TIMEOUT', 'before_answer')).toBe('connect_timeout')
  })

  it('isOfflineKindError is true for everything but the service refusing the request', () => {
    const err = (kind: ApiErrorKind, status: number | null = null) =>
      new ApiError({ kind, message: 'm', status, retryable: false })
    for (const kind of [
      'unreachable',
      'refused',
      'network',
      'cut_off',
      'connect_timeout',
      'timeout',
      'certificate',
      'non_json',
      'too_large',
      'invalid_response',
    ] as const) {
      expect(isOfflineKindError(err(kind))).toBe(true)
    }
    expect(isOfflineKindError(err('api', 503))).toBe(true)
    expect(isOfflineKindError(err('api', 500))).toBe(true)
    expect(isOfflineKindError(err('api', 429))).toBe(true)
    expect(isOfflineKindError(err('api', 401))).toBe(false)
    expect(isOfflineKindError(err('api', 403))).toBe(false)
    expect(isOfflineKindError(err('aborted'))).toBe(false)
    expect(isOfflineKindError(new Error('x'))).toBe(false)
  })
})
