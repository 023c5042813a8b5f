/** Plain script text (no HTML) with pronunciations marked on the words, as React elements. */
import { useMemo } from 'react'
import { splitByPronunciations, type Pronunciation } from '../script/pronunciation-matches'

export function MarkedText({ text, pronunciations, className }: { text: string; pronunciations: readonly Pronunciation[]; className?: string }) {
  const pieces = useMemo(() => splitByPronunciations(text, pronunciations), [text, pronunciations])
  return (
    <div className={className}>
      {pieces.map((p, i) =>
        p.say === null ? (
          <span key={i}>{p.text}</span>
        ) : (
          <mark key={i} className="pron" tabIndex={0} data-say={`say: ${p.say}`}>
            {p.text}
            <span className="sr-only"> (say: {p.say})</span>
          </mark>
        ),
      )}
    </div>
  )
}
