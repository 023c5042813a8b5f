/**
 * A take's script sentences for the window's punch-and-roll: each sentence's text and characters (so a
 * read-back finding, marked by its characters, names its sentence) and where the take reads it (so a click
 * on the waveform names the sentence it falls in). The sentences are the read-back's own (script-model.ts),
 * their times the version engine's analysis of the take's current audio. After a producer's revision the
 * sentences are the current script's (version-script.ts), the take seen through it (revised-take.ts): a
 * sentence it reads unchanged has its times, a changed one where the take reads its old wording (never
 * clean), an added one none.
 */
import type { TakeSentencesView } from '../../../shared/versions/types'
import type { TakeMeta } from '../../takes/take-types'
import { scriptSentences } from '../../readback/index'
import { reviseTake } from '../revisions/revised-take'
import type { VersionWork } from '../work/version-work'
import { versionScripts } from '../work/version-script'

const round2 = (x: number): number => Math.round(x * 100) / 100

export async function takeSentences(work: VersionWork, take: TakeMeta): Promise<TakeSentencesView> {
  const { audio: own, target } = await versionScripts(work, take)
  const analyzed = await work.analysisOf(take, own.text)
  const revised = reviseTake(analyzed.analysis, own.text, target.text)
  const read = revised.analysis.sentences
  // The characters a finding of the take's current read-back names: of the script it was compared with.
  const readAgainstOwn =
    own.text !== target.text &&
    (await work.storedWords(take, target.text)) === null &&
    (await work.storedWords(take, own.text)) !== null
  const ownSentences = scriptSentences(own.text)
  return {
    takeId: take.id,
    sentences: scriptSentences(target.text).map((s) => {
      const r = read[s.index] ?? null
      const fate = revised.map.next[s.index]
      const old = fate?.old == null ? null : (ownSentences[fate.old] ?? null)
      const chars = !readAgainstOwn
        ? { from: s.from, to: s.to }
        : old
          ? { from: old.from, to: old.to }
          : { from: -1, to: -1 }
      return {
        number: s.index + 1,
        text: s.text,
        ...chars,
        start_s: r ? round2(r.onsetS) : null,
        end_s: r ? round2(r.speechEndS) : null,
        clean: r ? r.issues.length === 0 && !revised.stale.has(s.index) : false,
        ...(fate && fate.fate !== 'unchanged' && own.text !== target.text ? { to_record: fate.fate } : {}),
      }
    }),
  }
}
