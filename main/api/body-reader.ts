/**
 * Reads an answer body chunk by chunk, never holding more than the cap: an answer whose Content-Length
 * is over the cap is refused before its body is read, and one without (or lying about) its length is
 * refused as soon as the bytes read pass the cap. An answer that ends before its Content-Length is a
 * cut-off answer. Every chunk is reported, so the idle timer restarts while bytes flow.
 */
import { ApiError } from './errors'
import { TOO_LARGE_MESSAGE } from './error-messages'
import { cutOff, type BodyProgress } from './network-failure'

export interface BodyReadOptions {
  capBytes: number
  host: string
  /** Called for every chunk that arrives. */
  onChunk: () => void
  /** Filled in while reading, so a failure can say how much arrived. */
  progress: BodyProgress
}

/** The whole body, at most `capBytes` of it held. */
export async function readBodyCapped(response: Response, options: BodyReadOptions): Promise<Uint8Array> {
  const chunks: Uint8Array[] = []
  await streamBodyCapped(response, options, async (chunk) => {
    chunks.push(chunk)
  })
  return Buffer.concat(chunks, options.progress.received)
}

/** Hands each chunk to `sink` (awaited, so a slow disk slows the reading) and holds none of them. */
export async function streamBodyCapped(
  response: Response,
  options: BodyReadOptions,
  sink: (chunk: Uint8Array) => Promise<void>,
): Promise<void> {
  const { progress } = options
  progress.expected = declaredLength(response.headers)
  progress.received = 0
  if (progress.expected !== null && progress.expected > options.capBytes) {
    await response.body?.cancel().catch(() => {})
    throw tooLarge(response, options)
  }
  if (!response.body) return
  const reader = response.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    progress.received += value.byteLength
    options.onChunk()
    if (progress.received > options.capBytes) {
      await reader.cancel().catch(() => {})
      throw tooLarge(response, options)
    }
    await sink(value)
  }
  // A compressed answer's Content-Length counts the compressed bytes, so only plain answers are checked.
  if (
    progress.expected !== null &&
    progress.received < progress.expected &&
    !response.headers.has('content-encoding')
  ) {
    throw cutOff(options.host, progress)
  }
}

function declaredLength(headers: Headers): number | null {
  const text = headers.get('content-length')
  if (text === null || !/^\d+$/.test(text.trim())) return null
  return Number(text)
}

function tooLarge(response: Response, options: BodyReadOptions): ApiError {
  return new ApiError({
    kind: 'too_large',
    message: TOO_LARGE_MESSAGE(options.host, options.capBytes),
    status: response.status,
    retryable: false,
    requestId: response.headers.get('x-request-id'),
  })
}
