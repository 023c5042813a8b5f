/**
 * Which web permissions a Booth window gets: the microphone ('media' with audio only), asked by the app's
 * own top frame, and nothing else (no camera, screen, notifications from the page, geolocation, MIDI, HID,
 * clipboard reads, …). Pure decisions; window-security.ts installs them on the session.
 */
import { isAppUrl } from './external-url'

/** Electron's permission-request details, as far as the decision needs them. */
export interface PermissionRequestDetails {
  requestingUrl?: string
  isMainFrame?: boolean
  /** For 'media': which devices the page asked for. */
  mediaTypes?: string[]
  securityOrigin?: string
}

/** Electron's permission-check details, as far as the decision needs them. */
export interface PermissionCheckDetails {
  requestingUrl?: string
  isMainFrame?: boolean
  securityOrigin?: string
  /** For 'media': 'audio', 'video' or 'unknown'. */
  mediaType?: string
  embeddingOrigin?: string
}

const fromApp = (url: string | undefined, appOrigin: string) => typeof url === 'string' && isAppUrl(url, appOrigin)

/**
 * A permission request (getUserMedia prompt): granted only for 'media' asking for exactly ['audio'], from
 * the app origin's main frame. A video or screen request, even with audio, is refused as a whole.
 */
export function decidePermissionRequest(
  permission: string,
  details: PermissionRequestDetails | undefined,
  appOrigin: string,
): boolean {
  if (permission !== 'media' || !details) return false
  if (details.isMainFrame === false) return false
  if (!fromApp(details.requestingUrl, appOrigin)) return false
  if (details.securityOrigin !== undefined && !fromApp(details.securityOrigin, appOrigin)) return false
  const types = details.mediaTypes
  return Array.isArray(types) && types.length === 1 && types[0] === 'audio'
}

/**
 * A permission check (`navigator.permissions.query`, device enumeration labels): true only for 'media' of
 * type 'audio' from the app origin, and not from inside a frame embedded by another origin.
 */
export function decidePermissionCheck(
  permission: string,
  requestingOrigin: string,
  details: PermissionCheckDetails | undefined,
  appOrigin: string,
): boolean {
  if (permission !== 'media' || !details) return false
  if (!fromApp(requestingOrigin, appOrigin)) return false
  if (details.isMainFrame === false) return false
  if (
    details.embeddingOrigin !== undefined &&
    details.embeddingOrigin !== '' &&
    !fromApp(details.embeddingOrigin, appOrigin)
  ) {
    return false
  }
  if (details.securityOrigin !== undefined && !fromApp(details.securityOrigin, appOrigin)) return false
  return details.mediaType === 'audio'
}
