/** What each injected fault answers (see faults.ts); drop_before / drop_after close the socket instead. */
import { errorReply, type Reply } from './envelope'
import type { FaultKind } from './faults'

export const PROXY_HTML =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad ' +
  'Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n'

/** The answer a fault gives in place of handling the request, or null for faults that answer nothing. */
export function faultReply(kind: FaultKind): Reply | null {
  switch (kind) {
    case 'rate_limited':
      return errorReply(429, 'rate_limited', 'Too many requests right now (injected fault); wait 1 s.', 1)
    case 'not_saved':
      return errorReply(
        500,
        'not_saved',
        'The change could not be saved and nothing changed (injected fault); retry with the same Idempotency-Key.',
      )
    case 'bad_gateway':
      return errorReply(502, 'upstream_failed', 'A service behind the API answered unusably (injected fault).')
    case 'unavailable':
      return errorReply(
        503,
        'unavailable',
        'The service is unavailable right now (injected fault); back off and retry.',
      )
    case 'html':
      return { status: 502, headers: { 'Content-Type': 'text/html' }, body: PROXY_HTML }
    case 'drop_before':
    case 'drop_after':
      return null
  }
}
