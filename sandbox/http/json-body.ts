/**
 * Reading a request's JSON body: 415 unless it is sent as application/json, 413 over 256 KB (the platform's body limit),
 * 400 for broken JSON.
 */
import type { IncomingMessage } from 'node:http'
import { SandboxError } from '../seam'

export const MAX_JSON_BYTES = 256 * 1024

export type BodyResult = { present: false } | { present: true; value: unknown }

function isJsonType(contentType: string | undefined): boolean {
  if (!contentType) return false
  const mime = contentType.split(';')[0]?.trim().toLowerCase()
  return mime === 'application/json'
}

function tooLarge(): SandboxError {
  return new SandboxError(413, 'payload_too_large', `The JSON body is over the ${MAX_JSON_BYTES / 1024} KB limit.`)
}

async function readRaw(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? NaN)
  if (Number.isFinite(declared) && declared > limit) throw tooLarge()
  const chunks: Buffer[] = []
  let total = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    total += chunk.length
    if (total > limit) throw tooLarge()
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

/**
 * Read the body. `present: false` when the request carries no body bytes at all.
 * Throws SandboxError 415 / 413 / 400.
 */
export async function readJsonBody(req: IncomingMessage): Promise<BodyResult> {
  const contentType = req.headers['content-type']
  const hasLength = req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0'
  const chunked = req.headers['transfer-encoding'] !== undefined
  if ((hasLength || chunked || contentType !== undefined) && !isJsonType(contentType)) {
    throw new SandboxError(
      415,
      'unsupported_media_type',
      'The request body must be sent as JSON, with Content-Type: application/json.',
    )
  }
  const raw = await readRaw(req, MAX_JSON_BYTES)
  if (raw.length === 0) return { present: false }
  const text = raw.toString('utf8')
  try {
    return { present: true, value: JSON.parse(text) as unknown }
  } catch (err) {
    const detail = err instanceof Error ? err.message.replace(/^Unexpected /, 'unexpected ') : 'parse error'
    throw new SandboxError(400, 'bad_request', `The request body is not valid JSON (${detail}).`)
  }
}

/** Throw 400 if a request that takes no body carries one. */
export async function refuseBody(req: IncomingMessage): Promise<void> {
  const raw = await readRaw(req, MAX_JSON_BYTES)
  if (raw.length > 0) throw new SandboxError(400, 'bad_request', 'This operation takes no request body.')
}
