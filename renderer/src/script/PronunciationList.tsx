/** The whole pronunciation list beside the script (the same words are marked in the script itself). */
import type { Pronunciation } from './pronunciation-matches'

export function PronunciationList({ list }: { list: readonly Pronunciation[] }) {
  if (!list.length) return null
  return (
    <section className="side-section" aria-labelledby="pron-title">
      <h3 id="pron-title" className="section-title">
        Pronunciations
      </h3>
      <dl className="pron-list">
        {list.map((p, i) => (
          <div key={`${p.word}-${i}`} className="pron-item">
            <dt>{p.word}</dt>
            <dd>{p.say}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
