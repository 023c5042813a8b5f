/**
 * A typed script's untrusted HTML placed on the page ONLY after DOMPurify, through the "booth" Trusted
 * Types policy (sanitize-html.ts), with its marks (script/marks/: pronunciations, Booth's read-back, the
 * platform's check) laid on its words in place by mark-dom.ts. No dangerouslySetInnerHTML.
 */
import { useLayoutEffect, useRef } from 'react'
import { sanitizedFragment } from './sanitize-html'
import { applyMarks } from './marks/mark-dom'
import type { MergedMarks } from './marks/mark-layers'
import type { MarkView } from './marks/mark-look'

export function MarkedHtml({
  html,
  merged,
  view,
  className,
}: {
  html: string
  merged: MergedMarks
  view: MarkView
  className?: string
}) {
  const ref = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    const fragment = sanitizedFragment(html, el.ownerDocument)
    applyMarks(fragment, merged, view)
    el.replaceChildren(fragment)
  }, [html, merged, view])
  return <div ref={ref} className={className} />
}
