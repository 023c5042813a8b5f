/**
 * How Booth's web host proves itself to its tab before the tab sends its key (issue 44). The tab sends a
 * fresh random nonce (unkeyed: GET /bridge/hello?nonce=…); the host answers HMAC-SHA256 over this label
 * and the nonce, keyed by the tab key. Only the key's holder can make it, and a proof made for one nonce
 * checks for no other, so a process that took the port after Booth stopped cannot answer it and is sent
 * nothing keyed. Made in main/web/host-proof.ts (node:crypto), checked in the tab with WebCrypto
 * (renderer/src/bridge/host-proof.ts).
 */

/** Keeps this MAC apart from any other use of the key (a proof here is never valid anywhere else). */
export const HOST_PROOF_LABEL = 'booth-web-host-proof-v1'

/** A nonce: 32 random bytes, base64url (43 characters). The host signs nothing else. */
export const NONCE_SHAPE = /^[A-Za-z0-9_-]{43}$/

/** The bytes the MAC is made over: the label, a NUL, the nonce (ASCII). */
export function proofMessage(nonce: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`${HOST_PROOF_LABEL}\0${nonce}`)
}
