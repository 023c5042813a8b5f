/**
 * A proofer's pickup list as cards for a take: import a CSV (button or drop), each card names the sentence,
 * what was said and what it should be; its action punches in there (the recorder's punch panel takes the
 * request, punch-request.ts) or places the job's pickups; a card is ticked once a version reads it clean.
 */
import { useEffect, useRef, useState, type DragEvent } from 'react'
import type { JobDetail } from '../../../../shared/bridge'
import { MAX_PICKUP_CSV_CHARS } from '../../../../shared/versions/pickup-csv'
import { displayText } from '../../../../shared/display-text'
import { dragHasFiles } from '../dropped-files'
import { takeName } from '../take-numbers'
import { useTakes } from '../takes-store'
import { cardChange, cardsProgress, cardWhere, csvProblem } from './pickup-card-words'
import { requestPunch } from './punch-request'
import { VersionWorkStatus } from './VersionWorkStatus'
import { cardsKey, takeWork, useVersions, useVersionsStore } from './versions-store'

export function PickupCards({ job }: { job: JobDetail }) {
  const jobId = job.job_id
  const store = useVersionsStore()
  const takes = useTakes((s) => s.byJob[jobId]?.takes ?? [])
  const { view, busyMap } = useVersions((s) => ({ view: s.cards[jobId] ?? null, busyMap: s.busy }))
  const fixable = takes
    .filter((t) => t.state === 'ready' && t.label !== 'pickup')
    .sort((a, b) => b.take_number - a.take_number)
  const pickups = takes.filter((t) => t.state === 'ready' && t.label === 'pickup')
  const [chosen, setChosen] = useState<string>('')
  const input = useRef<HTMLInputElement>(null)
  const target = fixable.find((t) => t.id === (chosen || view?.takeId)) ?? fixable[0] ?? null
  const busy = busyMap[cardsKey(jobId)] !== undefined || (target !== null && busyMap[takeWork(target.id)] !== undefined)
  const versionsSeen = takes.map((t) => `${t.id}:${t.current_version ?? 1}`).join(',')

  useEffect(() => {
    void store.getState().loadCards(jobId)
  }, [store, jobId, versionsSeen])

  if (fixable.length === 0) return null
  const importFile = async (file: File | undefined) => {
    if (!file || !target) return
    const text = await file.text()
    const problem = csvProblem(displayText(file.name), text, MAX_PICKUP_CSV_CHARS)
    if (problem) {
      store.setState((s) => ({ notice: { ...s.notice, [cardsKey(jobId)]: { tone: 'danger', text: problem } } }))
      return
    }
    await store.getState().importCsv(jobId, target.id, text)
  }
  const onDrop = (e: DragEvent) => {
    if (!dragHasFiles(Array.from(e.dataTransfer.types))) return
    e.preventDefault()
    e.stopPropagation()
    void importFile(e.dataTransfer.files[0])
  }
  const hold = (e: DragEvent) => {
    if (!dragHasFiles(Array.from(e.dataTransfer.types))) return
    e.preventDefault()
    e.stopPropagation()
  }
  const cards = view?.takeId && view.takeId === target?.id ? view.cards : []

  return (
    <section
      className="pickup-cards"
      aria-labelledby={`pickup-cards-${jobId}`}
      onDragEnter={hold}
      onDragOver={hold}
      onDrop={onDrop}
    >
      <header className="section-head">
        <h4 id={`pickup-cards-${jobId}`} className="section-title">
          Pickup list
        </h4>
        {cards.length > 0 && (
          <span className="muted small" role="status">
            {cardsProgress(cards)}
          </span>
        )}
      </header>
      <div className="pickup-cards-bar">
        <label className="small">
          For{' '}
          <select
            value={target?.id ?? ''}
            title={target ? takeName(target) : undefined}
            onChange={(e) => setChosen(e.target.value)}
            aria-label="Take the pickup list is for"
          >
            {fixable.map((t) => (
              <option key={t.id} value={t.id}>
                {takeName(t)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn btn-small" disabled={busy} onClick={() => input.current?.click()}>
          Import pickup list (CSV)…
        </button>
        <input
          ref={input}
          type="file"
          className="sr-only"
          tabIndex={-1}
          aria-label="Pickup list file"
          accept=".csv,text/csv,text/plain"
          onChange={(e) => {
            void importFile(e.target.files?.[0])
            e.target.value = ''
          }}
        />
      </div>
      {cards.length === 0 && (
        <p className="small muted">Drop a proofer’s CSV here (sentence or time, what was said, what it should be).</p>
      )}
      <VersionWorkStatus workKey={cardsKey(jobId)} label="Reading the pickup list" />
      {cards.length > 0 && target && (
        <ol className="plain-list pickup-card-list" aria-label={`Pickup cards for ${takeName(target)}`}>
          {cards.map((card) => (
            <li
              key={card.id}
              className={`pickup-card${card.done ? ' is-done' : ''}${card.problem ? ' has-problem' : ''}`}
              data-done={card.done}
              data-sentence={card.sentence ?? undefined}
            >
              <p className="pickup-card-head">
                <strong>{cardWhere(card)}</strong>
                {card.done && (
                  <span className="tone-success pickup-card-done">
                    <span aria-hidden="true">✓ </span>Reads clean
                  </span>
                )}
              </p>
              {card.sentence_text && <p className="small pickup-card-text">{displayText(card.sentence_text)}</p>}
              <p className="small">{displayText(cardChange(card))}</p>
              {card.problem && <p className="small tone-warning">{displayText(card.problem)}</p>}
              {card.sentence !== null && !card.done && (
                <div className="row-gap">
                  {card.action === 'punch' && (
                    <button
                      type="button"
                      className="btn btn-small"
                      onClick={() => requestPunch(target.id, card.sentence as number)}
                    >
                      Punch in at sentence {card.sentence}
                    </button>
                  )}
                  <button
                    type="button"
                    className="btn btn-small"
                    disabled={pickups.length === 0 || busy}
                    title={
                      pickups.length === 0
                        ? 'Record the sentence with the label Pickup (or drop a pickup file) first'
                        : undefined
                    }
                    onClick={() => void store.getState().placePickups(target.id, pickups.map((p) => p.id).slice(0, 16))}
                  >
                    Place pickups into {takeName(target)}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
