/**
 * Untrusted HTML (script, directions) placed on the page ONLY after DOMPurify, through the "booth" Trusted
 * Types policy, with pronunciations optionally marked on the words. No dangerouslySetInnerHTML.
 */
import { useLayoutEffect, useRef } from 'react'
import { sanitizedFragment } from './sanitize-html'
import { markPronunciations } from './mark-pronunciations'
import type { Pronunciation } from './pronunciation-matches'

interface Props {
  html: string
  pronunciations?: readonly Pronunciation[]
  className?: string
}

export function SanitizedHtml({ html, pronunciations = [], className }: Props) {
  const ref = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    const fragment = sanitizedFragment(html, el.ownerDocument)
    markPronunciations(fragment, pronunciations)
    el.replaceChildren(fragment)
  }, [html, pronunciations])
  return <div ref={ref} className={className} />
}
