/**
 * Booth's sentences for the API's error codes (the platform's error-code table (x-booth-error-codes in
 * resources/api/talent-v1.yaml), inside the API's error envelope) and for
 * failures where no API answer arrived. The server's own `message` is kept on the error as
 * `serverMessage`; these sentences are what a person sees.
 */

const CODE_MESSAGES: Record<string, string> = {
  bad_request: 'The request was refused as malformed or out of range.',
  invalid_principal: 'Your API key was not accepted. It may be mistyped, revoked or expired.',
  unauthorized: 'Your API key was not accepted. It may be mistyped, revoked or expired.',
  forbidden: 'Your API key is not allowed to do this.',
  insufficient_scope: 'Your API key lacks the permission (scope) this action needs.',
  read_only: 'This account is read-only at the moment; only reading works.',
  not_found: 'That item does not exist, or it is no longer available to you.',
  conflict: 'The item changed while the request was handled.',
  not_ready: 'The item is not ready yet.',
  payload_too_large: 'The request is too large for the server.',
  unsupported_media_type: 'The server refused the request format.',
  validation_failed: 'The server refused some of the items sent.',
  rate_limited: 'Too many requests in a short time; the server asked Booth to wait.',
  not_saved: 'The change could not be saved; nothing changed.',
  server_error: 'The server had an internal failure.',
  internal_error: 'The server had an internal failure.',
  upstream_failed: 'A service behind the API answered unusably.',
  unavailable: 'The service is unreachable or not set up right now.',
  demo_mode: 'The API is switched off on this demo copy.',
}

/** A person-readable sentence for an API error code; falls back to the server's message. */
export function messageForCode(code: string, status: number, serverMessage: string | null): string {
  const known = CODE_MESSAGES[code]
  if (known) return known
  const fromServer = serverMessage?.trim()
  return fromServer ? fromServer : `The server refused the request (HTTP ${status}, code "${code}").`
}

export function nonJsonMessage(status: number, contentType: string | null, looksLikeHtml: boolean): string {
  if (looksLikeHtml) {
    return `The server answered with an HTML page instead of the API (HTTP ${status}). A proxy or the network may be failing.`
  }
  const what = contentType ? `"${contentType}"` : 'an unknown type'
  return `The server answered with ${what} instead of the API's JSON (HTTP ${status}). A proxy or the network may be failing.`
}

export const MALFORMED_JSON_MESSAGE = (status: number): string =>
  `The server's answer claimed to be JSON but could not be read (HTTP ${status}). A proxy or the network may be failing.`

export const EMPTY_ANSWER_MESSAGE = (status: number): string =>
  `The server sent an empty answer (HTTP ${status}) where the API always sends JSON.`

export const NOT_ENVELOPE_MESSAGE = (status: number, detail: string): string =>
  `The server's answer is not in the API's format (HTTP ${status}): ${detail}.`

const seconds = (ms: number): string => `${Math.round(ms / 100) / 10} s`

/** The connection was reset or dropped before any answer arrived. */
export const NETWORK_MESSAGE = (host: string): string =>
  `Could not reach ${host}: the connection dropped before an answer came. Booth keeps your work and tries again.`

export const UNREACHABLE_MESSAGE = (host: string, code: string): string =>
  `${host} cannot be reached (${code}): its name does not resolve or there is no route to ` +
  `it. Check the internet connection; Booth keeps your work and tries again.`

export const REFUSED_MESSAGE = (host: string): string =>
  `${host} refused the connection: nothing is answering there right now. The service may be down; Booth keeps your work and tries again.`

export const CUT_OFF_MESSAGE = (host: string, received: number, expected: number | null): string =>
  `The answer from ${host} was cut off before it was complete ` +
  `(${received}${expected === null ? '' : ` of ${expected}`} bytes arrived). The connection ` +
  `or a proxy dropped it; Booth tries again.`

export const CONNECT_TIMEOUT_MESSAGE = (host: string, timeoutMs: number): string =>
  `${host} did not accept a connection within ${seconds(timeoutMs)}. The network may be down or very slow.`

export const IDLE_TIMEOUT_MESSAGE = (host: string, timeoutMs: number): string =>
  `${host} stopped sending: nothing arrived for ${seconds(timeoutMs)}, so Booth gave up on this request.`

export const TIMEOUT_MESSAGE = (host: string, timeoutMs: number): string =>
  `${host} did not answer within ${seconds(timeoutMs)}.`

export const CERTIFICATE_MESSAGE = (host: string, code: string): string =>
  `The secure connection to ${host} failed its certificate check (${code}). A network that ` +
  `intercepts traffic (hotel or office Wi-Fi, a proxy) or a wrong clock can cause this; Booth ` +
  `sends nothing over it.`

export const TOO_LARGE_MESSAGE = (host: string, capBytes: number): string =>
  `${host} answered, but the answer is larger than Booth accepts (${formatBytes(capBytes)}), so it was refused before it was read whole.`

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MiB` : `${bytes} bytes`
}

export const ABORTED_MESSAGE = 'The request was cancelled.'
