/**
 * The ONLY way untrusted HTML (script and directions from the API) becomes DOM in Booth.
 *
 * DOMPurify keeps simple formatting tags and nothing else: no links, no attributes, no styles, no media;
 * <script>, <style> and friends are dropped with their content. The result is parsed through the Trusted
 * Types policy "booth" (the CSP demands Trusted Types for every HTML sink), into a fragment the caller
 * can decorate before it is placed on the page.
 */
import DOMPurify, { type Config } from 'dompurify'
import { boothPolicy, type BoothPolicy } from '../ui/booth-policy'
import { stripEventHandlers } from './strip-event-handlers'

export const ALLOWED_TAGS = ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'ul', 'ol', 'li', 'span'] as const

const CONFIG: Config & { RETURN_TRUSTED_TYPE: false; RETURN_DOM: false; RETURN_DOM_FRAGMENT: false } = {
  ALLOWED_TAGS: [...ALLOWED_TAGS],
  ALLOWED_ATTR: [],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  KEEP_CONTENT: true,
  RETURN_TRUSTED_TYPE: false,
  RETURN_DOM: false,
  RETURN_DOM_FRAGMENT: false,
}

/** The "booth" Trusted Types policy, with DOMPurify as its HTML rule (see ui/booth-policy.ts). */
export function boothHtmlPolicy(): Pick<BoothPolicy, 'createHTML'> {
  return boothPolicy(sanitizeHtml)
}

/** Sanitized HTML as a string (for tests and for measuring); never insert this yourself, use sanitizedFragment. */
export function sanitizeHtml(html: string): string {
  // Handlers go before any parser reads them (a parsed handler is already a CSP violation in Chromium).
  return DOMPurify.sanitize(stripEventHandlers(html), CONFIG)
}

/** Untrusted HTML → a sanitized DocumentFragment owned by `doc`. */
export function sanitizedFragment(html: string, doc: Document = document): DocumentFragment {
  const template = doc.createElement('template')
  template.innerHTML = boothHtmlPolicy().createHTML(html) as string
  return template.content
}
