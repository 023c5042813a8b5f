/**
 * A name as Booth shows it: neutralised by displayText (no bidirectional controls), isolated with <bdi>
 * so right-to-left names do not reorder the text around them, and with the full name in a title for when
 * the CSS shortens it. `long-text` lets an unbroken 300-character token wrap instead of widening its box.
 * With `highlight`, the places that match a search are marked (found by scanning, never by a pattern).
 */
import { displayText } from '../../../shared/display-text'
import { splitBySearch } from './format/folded-text'

export function ShownName({
  name,
  className,
  highlight,
}: {
  name: string
  className?: string
  highlight?: string | null
}) {
  const shown = displayText(name)
  const query = highlight?.trim() ?? ''
  return (
    <bdi className={className ? `shown-name ${className}` : 'shown-name'} title={shown}>
      {query
        ? splitBySearch(shown, query).map((p, i) =>
            p.hit ? (
              <mark key={i} className="search-hit">
                {p.text}
              </mark>
            ) : (
              p.text
            ),
          )
        : shown}
    </bdi>
  )
}
