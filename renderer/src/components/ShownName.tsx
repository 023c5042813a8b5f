/**
 * A name as Booth shows it: neutralised by displayText (no bidirectional controls), isolated with <bdi>
 * so right-to-left names do not reorder the text around them, and with the full name in a title for when
 * the CSS shortens it. `long-text` lets an unbroken 300-character token wrap instead of widening its box.
 */
import { displayText } from '../format/display-text'

export function ShownName({ name, className }: { name: string; className?: string }) {
  const shown = displayText(name)
  return (
    <bdi className={className ? `shown-name ${className}` : 'shown-name'} title={shown}>
      {shown}
    </bdi>
  )
}
