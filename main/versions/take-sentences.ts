/**
 * A take's script sentences for the window's punch-and-roll: each sentence's text and characters (so a
 * read-back finding, marked by its characters, names its sentence) and where the take reads it (so a click
 * on the waveform names the sentence it falls in). The sentences are the read-back's own (script-model.ts),
 * their times the version engine's analysis of the take's current audio.
 */
import type { TakeSentencesView } from '../../shared/versions/types'
import type { TakeMeta } from '../takes/take-types'
import { scriptSentences } from './sentence-spans'
import type { VersionWork } from './version-work'

const round2 = (x: number): number => Math.round(x * 100) / 100

export async function takeSentences(work: VersionWork, take: TakeMeta): Promise<TakeSentencesView> {
  const script = await work.scriptOf(take)
  const analyzed = await work.analysisOf(take, script.text)
  const read = analyzed.analysis.sentences
  return {
    takeId: take.id,
    sentences: scriptSentences(script.text).map((s) => {
      const r = read[s.index] ?? null
      return {
        number: s.index + 1, text: s.text, from: s.from, to: s.to,
        start_s: r ? round2(r.onsetS) : null, end_s: r ? round2(r.speechEndS) : null,
        clean: r ? r.issues.length === 0 : false,
      }
    }),
  }
}
