/**
 * The tab's side of the host's proof (shared/host-proof.ts), with WebCrypto: a fresh nonce for each
 * attempt, and the check of the host's answer. crypto.subtle.verify compares the MAC in constant time.
 * 127.0.0.1 and localhost are secure contexts, so crypto.subtle is there on the web host's page.
 */
import { NONCE_SHAPE, proofMessage } from '../../../shared/host-proof'

function toBase64url(bytes: Uint8Array): string {
  let text = ''
  for (const b of bytes) text += String.fromCharCode(b)
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null
  try {
    const raw = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4))
    return Uint8Array.from(raw, (c) => c.charCodeAt(0))
  } catch {
    return null
  }
}

/** 32 random bytes, base64url: never the same twice, so no recorded proof answers it. */
export function freshNonce(): string {
  return toBase64url(crypto.getRandomValues(new Uint8Array(32)))
}

/** Whether `proof` (the host's answer, whatever it is) is the key holder's MAC of `nonce`. */
export async function proofChecks(key: string, nonce: string, proof: unknown): Promise<boolean> {
  if (typeof proof !== 'string' || !NONCE_SHAPE.test(nonce)) return false
  const mac = fromBase64url(proof)
  if (!mac || mac.length !== 32) return false
  const hmacKey = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  )
  return crypto.subtle.verify('HMAC', hmacKey, mac, proofMessage(nonce))
}
