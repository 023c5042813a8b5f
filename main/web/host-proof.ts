/**
 * The web host's side of its proof (shared/host-proof.ts): the MAC of the tab's nonce, keyed by the tab key.
 * proofMatches is the same check the tab makes (there with WebCrypto), compared in constant time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { NONCE_SHAPE, proofMessage } from '../../shared/host-proof'

/** The proof for `nonce` (base64url), or null when the nonce is not one (the host signs nothing else). */
export function hostProof(key: string, nonce: string): string | null {
  if (!NONCE_SHAPE.test(nonce)) return null
  return createHmac('sha256', key).update(proofMessage(nonce)).digest('base64url')
}

/** Whether `proof` is the key holder's answer to `nonce`. */
export function proofMatches(key: string, nonce: string, proof: unknown): boolean {
  const expected = hostProof(key, nonce)
  if (expected === null || typeof proof !== 'string') return false
  const a = Buffer.from(proof)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}
