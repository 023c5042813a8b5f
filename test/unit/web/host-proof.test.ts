/**
 * The web host's proof (shared/host-proof.ts): made by the host with node:crypto, checked by the tab with
 * WebCrypto (renderer/src/bridge/host-proof.ts, run here on Node's WebCrypto). Arbitrary keys and nonces:
 * the two sides agree; a wrong key, a proof replayed for another nonce, a missing or mangled proof and a
 * MAC without the label never check; the host signs nothing that is not a nonce; GET /bridge/hello answers
 * without the key and sets no cookie.
 */
import { createHmac, randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { request } from 'node:http'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { hostProof, proofMatches } from '../../../main/web/host-proof'
import { freshNonce, proofChecks } from '../../../renderer/src/bridge/host-proof'
import { NONCE_SHAPE } from '../../../shared/host-proof'
import { startWebHost } from '../../../main/web/host'
import { describeError } from '../../../main/bridge/describe-error'

const nonceArb = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('base64url'))
const keyArb = fc.string({ minLength: 1, maxLength: 64 })

describe('the host proof', () => {
  it('the tab checks the proof the host makes, for any key and nonce', async () => {
    await fc.assert(
      fc.asyncProperty(keyArb, nonceArb, async (key, nonce) => {
        const proof = hostProof(key, nonce)
        expect(proof).not.toBeNull()
        expect(await proofChecks(key, nonce, proof)).toBe(true)
        expect(proofMatches(key, nonce, proof)).toBe(true)
      }),
      { numRuns: 60 },
    )
  })

  it('a proof made with another key does not check', async () => {
    await fc.assert(
      fc.asyncProperty(keyArb, keyArb, nonceArb, async (key, other, nonce) => {
        fc.pre(key !== other)
        const proof = hostProof(other, nonce)
        expect(await proofChecks(key, nonce, proof)).toBe(false)
        expect(proofMatches(key, nonce, proof)).toBe(false)
      }),
      { numRuns: 60 },
    )
  })

  it('a proof replayed for another nonce does not check', async () => {
    await fc.assert(
      fc.asyncProperty(keyArb, nonceArb, nonceArb, async (key, earlier, fresh) => {
        fc.pre(earlier !== fresh)
        const replayed = hostProof(key, earlier)
        expect(await proofChecks(key, fresh, replayed)).toBe(false)
        expect(proofMatches(key, fresh, replayed)).toBe(false)
      }),
      { numRuns: 60 },
    )
  })

  it('a missing, mangled or arbitrary proof does not check', async () => {
    const key = randomBytes(24).toString('base64url')
    const nonce = freshNonce()
    for (const missing of [undefined, null, '', 0, {}, [], true]) {
      expect(await proofChecks(key, nonce, missing)).toBe(false)
      expect(proofMatches(key, nonce, missing)).toBe(false)
    }
    const good = hostProof(key, nonce) as string
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.uint8Array({ maxLength: 40 }).map((b) => Buffer.from(b).toString('base64url')),
        ),
        async (proof) => {
          fc.pre(proof !== good)
          expect(await proofChecks(key, nonce, proof)).toBe(false)
          expect(proofMatches(key, nonce, proof)).toBe(false)
        },
      ),
      { numRuns: 100 },
    )
    // One bit changed anywhere is no proof.
    const raw = Buffer.from(good, 'base64url')
    for (let i = 0; i < raw.length; i++) {
      const flipped = Buffer.from(raw)
      flipped[i] = (flipped[i] as number) ^ 1
      expect(await proofChecks(key, nonce, flipped.toString('base64url'))).toBe(false)
    }
  })

  it('a MAC of the bare nonce (no label) is no proof: the label keeps this use of the key apart', async () => {
    const key = randomBytes(24).toString('base64url')
    const nonce = freshNonce()
    const bare = createHmac('sha256', key).update(nonce).digest('base64url')
    expect(await proofChecks(key, nonce, bare)).toBe(false)
  })

  it('the host signs only a nonce; the tab makes a fresh one each time', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (text) => {
        fc.pre(!NONCE_SHAPE.test(text))
        expect(hostProof('key', text)).toBeNull()
      }),
    )
    const nonces = new Set(Array.from({ length: 200 }, () => freshNonce()))
    expect(nonces.size).toBe(200)
    for (const n of nonces) expect(n).toMatch(NONCE_SHAPE)
  })
})

describe('GET /bridge/hello', () => {
  it('answers the proof without the key, sets no cookie, and refuses what is not a nonce', async () => {
    const host = await startWebHost({
      port: 0,
      staticDir: mkdtempSync(join(tmpdir(), 'booth-hello-')),
      dispatch: async () => null,
      describeError,
      subscribe: () => () => undefined,
    })
    try {
      const get = (path: string) =>
        new Promise<{ status: number; cookie: unknown; body: string }>((resolve, reject) => {
          request({ host: '127.0.0.1', port: host.port, path }, (res) => {
            let body = ''
            res.on('data', (c) => (body += c))
            res.on('end', () => resolve({ status: res.statusCode ?? 0, cookie: res.headers['set-cookie'], body }))
          })
            .on('error', reject)
            .end()
        })
      const nonce = freshNonce()
      const answer = await get(`/bridge/hello?nonce=${nonce}`)
      expect(answer.status).toBe(200)
      expect(answer.cookie).toBeUndefined()
      expect(answer.body).not.toContain(host.token)
      const proof = (JSON.parse(answer.body) as { result: { proof: string } }).result.proof
      expect(await proofChecks(host.token, nonce, proof)).toBe(true)
      for (const bad of ['', '?nonce=', '?nonce=short', `?nonce=${nonce}x`, `?nonce=${'%00'.repeat(43)}`]) {
        expect((await get(`/bridge/hello${bad}`)).status).toBe(400)
      }
    } finally {
      await host.close()
    }
  })
})
