/**
 * A proofer's pickup list on a take: the CSV parsed (shared/versions/pickup-csv.ts), each row matched to the
 * script sentence it names (by its text, or by a time in the take through the take's read-back), kept in
 * the job's takes folder as `pickup-cards.json`, and listed with its action (punch in where the take
 * reads the sentence, else record a pickup) and its tick: a version of the take changed that sentence and
 * the current version's read-back finds nothing there.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { ReadbackStored } from '../../../shared/bridge-readback'
import { parsePickupCsv, type PickupCardDraft } from '../../../shared/versions/pickup-csv'
import type { PickupCardsView, PickupCardView } from '../../../shared/versions/types'
import { pieces, issueInSentence, scriptSentences, type ScriptSentence } from '../../readback/index'
import { writeFileAtomic } from '../../storage/atomic-file'
import { TakeInputError } from '../../takes/take-input-checks'
import type { TakeMeta } from '../../takes/take-types'
import type { RecordingAnalysis } from '../cuts/recording-analysis'
import { clockOf } from '../work/version-times'
import { reviseTake } from '../revisions/revised-take'
import type { VersionWork } from '../work/version-work'
import { versionScripts } from '../work/version-script'

interface StoredCards {
  takeId: string
  cards: Array<Omit<PickupCardView, 'done'>>
}

const wordsOf = (text: string): string[] => pieces(text).map((p) => p.text.toLowerCase().replace(/[’']/g, ''))

/** The sentence a text names: the one holding the most of its words (at least 60 % of them, and two unless it has fewer). */
export function sentenceByText(sentences: readonly ScriptSentence[], text: string): ScriptSentence | null {
  const wanted = wordsOf(text)
  if (wanted.length === 0) return null
  let best: ScriptSentence | null = null
  let bestScore = 0
  for (const s of sentences) {
    const have = new Set(wordsOf(s.text))
    const common = wanted.filter((w) => have.has(w)).length
    const score = common / wanted.length + common / Math.max(1, have.size) / 100
    if (common >= Math.min(2, wanted.length) && common / wanted.length >= 0.6 && score > bestScore) {
      bestScore = score
      best = s
    }
  }
  return best
}

/** The sentence read at `seconds` in the take (or the nearest one within 1.5 s). */
export function sentenceByTime(analysis: RecordingAnalysis, seconds: number): number | null {
  let best: number | null = null
  let dist = 1.5
  for (const s of analysis.sentences) {
    if (!s) continue
    const d = seconds < s.onsetS ? s.onsetS - seconds : seconds > s.speechEndS ? seconds - s.speechEndS : 0
    if (d < dist || (d === 0 && dist === 0)) {
      dist = d
      best = s.index
      if (d === 0) break
    }
  }
  return best
}

function matchCard(
  draft: PickupCardDraft,
  i: number,
  sentences: readonly ScriptSentence[],
  analysis: RecordingAnalysis,
): Omit<PickupCardView, 'done'> {
  const base = {
    id: `card-${draft.row}-${i}`,
    row: draft.row,
    locator: draft.locator,
    said: draft.said,
    should_be: draft.should_be,
  }
  let k: number | null
  let problem: string | null = null
  if (draft.locator.kind === 'text') {
    k = sentenceByText(sentences, draft.locator.text)?.index ?? null
    if (k === null)
      problem = `Row ${draft.row}: no sentence of the script reads like “${draft.locator.text.slice(0, 80)}”.`
  } else {
    k = sentenceByTime(analysis, draft.locator.seconds)
    if (k === null)
      problem = `Row ${draft.row}: the take reads no sentence at ${clockOf(draft.locator.seconds)} (it is ${clockOf(analysis.durationS)} long).`
  }
  const s = k === null ? null : (sentences[k] as ScriptSentence)
  return {
    ...base,
    sentence: s ? s.index + 1 : null,
    sentence_text: s?.text ?? null,
    problem,
    action: k === null ? null : analysis.sentences[k] ? 'punch' : 'pickup',
  }
}

export class PickupCards {
  constructor(private readonly work: VersionWork) {}

  private path(jobId: string): string {
    return join(this.work.d.store.folders.dir('takes', jobId), 'pickup-cards.json')
  }

  async importCsv(jobId: string, takeId: string, csv: string): Promise<PickupCardsView> {
    const drafts = parsePickupCsv(csv)
    const take = await this.work.d.store.get(takeId)
    if (take.job_id !== jobId) throw new TakeInputError(`Take ${take.take_number} belongs to another job.`)
    // Cards name the current script's sentences; a take read from an older revision is seen through it.
    const { audio: own, target } = await versionScripts(this.work, take)
    const analyzed = await this.work.analysisOf(take, own.text)
    const revised = reviseTake(analyzed.analysis, own.text, target.text)
    const sentences = scriptSentences(target.text)
    const stored: StoredCards = { takeId, cards: drafts.map((d, i) => matchCard(d, i, sentences, revised.analysis)) }
    await writeFileAtomic(this.path(jobId), `${JSON.stringify(stored, null, 2)}\n`)
    return this.list(jobId)
  }

  async list(jobId: string): Promise<PickupCardsView> {
    let stored: StoredCards
    try {
      stored = JSON.parse(await readFile(this.path(jobId), 'utf8')) as StoredCards
    } catch {
      return { jobId, takeId: null, cards: [] }
    }
    const take = await this.work.d.store.get(stored.takeId).catch(() => null)
    const fixed = take ? await this.fixedSentences(take) : new Set<number>()
    return {
      jobId,
      takeId: stored.takeId,
      cards: stored.cards.map((c) => ({ ...c, done: c.sentence !== null && fixed.has(c.sentence) })),
    }
  }

  /** Sentences (1-based) a version up to the current one changed and the current read-back finds clean. */
  private async fixedSentences(take: TakeMeta): Promise<Set<number>> {
    const out = new Set<number>()
    if (!take.versions) return out
    const byNumber = new Map(take.versions.map((v) => [v.number, v]))
    const changed = new Set<number>()
    for (
      let v = byNumber.get(take.current_version ?? 1);
      v && v.number > 1;
      v = v.made_from ? byNumber.get(v.made_from) : undefined
    ) {
      for (const c of v.changes) if (c.sentence !== null) changed.add(c.sentence)
    }
    let readback: ReadbackStored
    try {
      readback = JSON.parse(await readFile(this.work.d.versions.readbackPath(take), 'utf8')) as ReadbackStored
    } catch {
      return out
    }
    const sentences = scriptSentences(readback.script_read.text)
    for (const k of changed) {
      const s = sentences[k - 1]
      if (s && !readback.check.issues.some((i) => i.severity !== 'soft' && issueInSentence(i, s))) out.add(k)
    }
    return out
  }
}
