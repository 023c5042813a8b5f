/**
 * Plain script text (no HTML) with pronunciations marked on the words, as React elements; a long script
 * comes in blocks the browser lays out only when they scroll into view (script/text-chunks.ts).
 */
import { useMemo } from 'react'
import { splitByPronunciations, type Pronunciation } from './pronunciation-matches'
import { chunkPieces } from './text-chunks'

export function MarkedText({ text, pronunciations, className }: { text: string; pronunciations: readonly Pronunciation[]; className?: string }) {
  const chunks = useMemo(() => chunkPieces(splitByPronunciations(text, pronunciations)), [text, pronunciations])
  return (
    <div className={className}>
      {chunks.map((pieces, c) => (
        <div key={c} className={chunks.length > 1 ? 'text-chunk' : undefined}>
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
      ))}
    </div>
  )
}
