/**
 * Streams the body of a GET (a short-lived download link: listen audio, attachments, script PDFs) into a
 * sink chunk by chunk, with a connect timeout, an idle timeout (no bytes for that long), a size cap and
 * at most 5 redirects. Nothing is held beyond the chunk being written. Failures are ApiErrors named like
 * the API client's (refused, unreachable, certificate, cut_off, connect_timeout, timeout, too_large,
 * aborted); an answer that is not 2xx is returned with its status and its body left unread, for the
 * caller to explain (an expired link, a missing file).
 */
import { abortedError, timeoutError } from './attempt'
import { streamBodyCapped } from './body-reader'
import { ApiError } from './errors'
import { networkFailure, type AttemptPhase, type BodyProgress } from './network-failure'
import { nodeTransport, type FetchLike } from './transport'
import { startWatchdog, type TimeoutSettings } from './watchdog'

export interface DownloadOptions {
  /** Largest body accepted, in bytes; a bigger one is 'too_large'. */
  maxBytes: number
  /** Default 10000 ms. */
  connectTimeoutMs?: number
  /** Longest silence while connected. Default 30000 ms. */
  idleTimeoutMs?: number
  signal?: AbortSignal
  /** Default: Booth's own transport (transport.ts). */
  transport?: FetchLike
}

export interface DownloadResult {
  status: number
  /** Bytes written to the sink (0 when the status was not 2xx). */
  bytes: number
  contentType: string | null
}

const MAX_REDIRECTS = 5
const REDIRECTS = new Set([301, 302, 303, 307, 308])

export async function streamDownload(
  url: string,
  sink: (chunk: Uint8Array) => Promise<void>,
  options: DownloadOptions,
): Promise<DownloadResult> {
  const timeouts: TimeoutSettings = {
    connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
    idleTimeoutMs: options.idleTimeoutMs ?? 30_000,
    totalTimeoutMs: 2 ** 31 - 1, // a large file on a slow link may take long; silence is what is bounded
  }
  const transport = options.transport ?? nodeTransport
  let current = new URL(url)
  for (let hop = 0; ; hop++) {
    if (current.protocol !== 'http:' && current.protocol !== 'https:') {
      throw new ApiError({
        kind: 'invalid_response',
        message: `The download link does not use http or https (${current.protocol}).`,
        retryable: false,
      })
    }
    const result = await fetchOnce(current, sink, options, timeouts, transport)
    if ('redirect' in result) {
      if (hop >= MAX_REDIRECTS) {
        throw new ApiError({
          kind: 'invalid_response',
          message: 'The download link redirected too many times.',
          status: result.status,
          retryable: false,
        })
      }
      current = new URL(result.redirect, current)
      continue
    }
    return result
  }
}

async function fetchOnce(
  url: URL,
  sink: (chunk: Uint8Array) => Promise<void>,
  options: DownloadOptions,
  timeouts: TimeoutSettings,
  transport: FetchLike,
): Promise<DownloadResult | { redirect: string; status: number }> {
  if (options.signal?.aborted) throw abortedError(options.signal.reason)
  const watchdog = startWatchdog(timeouts, transport === nodeTransport)
  const signal = options.signal ? AbortSignal.any([options.signal, watchdog.signal]) : watchdog.signal
  let phase: AttemptPhase = 'before_answer'
  const progress: BodyProgress = { received: 0, expected: null }
  try {
    const response = await transport(new Request(url, { method: 'GET', signal, redirect: 'manual' }), {
      connected: () => watchdog.connected(),
    })
    watchdog.activity()
    phase = 'in_body'
    const location = response.headers.get('location')
    if (REDIRECTS.has(response.status) && location) {
      await response.body?.cancel().catch(() => {})
      return { redirect: location, status: response.status }
    }
    const contentType = response.headers.get('content-type')
    if (response.status < 200 || response.status > 299) {
      await response.body?.cancel().catch(() => {})
      return { status: response.status, bytes: 0, contentType }
    }
    const guarded = async (chunk: Uint8Array) => {
      try {
        await sink(chunk)
      } catch (cause) {
        throw new SinkFailure(cause)
      }
    }
    await streamBodyCapped(
      response,
      { capBytes: options.maxBytes, host: url.host, onChunk: () => watchdog.activity(), progress },
      guarded,
    )
    return { status: response.status, bytes: progress.received, contentType }
  } catch (error) {
    if (error instanceof SinkFailure) throw error.cause
    if (options.signal?.aborted) throw abortedError(error)
    if (watchdog.fired) throw timeoutError(watchdog.fired, { timeouts }, url.host, error)
    if (error instanceof ApiError) throw error
    throw networkFailure(error, { host: url.host, phase, body: progress, connectTimeoutMs: timeouts.connectTimeoutMs })
  } finally {
    watchdog.stop()
  }
}

/** The sink (the disk) failed: not the network's fault, so it is passed on as it is. */
class SinkFailure extends Error {
  constructor(override readonly cause: unknown) {
    super('the download sink failed')
  }
}
