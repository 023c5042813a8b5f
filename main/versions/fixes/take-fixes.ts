/**
 * The fixes made on one take from other audio or from its own: pickups placed by the script, and cutting a
 * false start the read-back marked. Each makes a new version (version-work.ts commit) and names what it
 * changed; a pickup that reads no sentence, or a cut that has no pause to go in, is refused in words
 * before anything is written.
 */
import type { VersionMade } from '../../../shared/bridge-versions'
import type { VersionChange, VersionFinding } from '../../../shared/versions/types'
import { TakeInputError } from '../../takes/take-input-checks'
import type { TakeMeta } from '../../takes/take-types'
import { pickupEdit } from './pickup-edit'
import type { PlannedPatch } from './pickup-plan'
import type { Placement, Removal } from './place-patches'
import { restartTimeline } from './restart-cut'
import { scriptSentences } from '../../readback/index'
import { resultTimeOf, toEditList, type Timeline } from '../cuts/timeline'
import { takeName, type VersionWork } from '../work/version-work'
import { currentVersion } from '../../version-records/version-meta'
import { MissingRecordingError, missingRecordingMessage, missingRecordings } from '../store/missing-recordings'
import { currentVersionScript, sentenceInTarget, versionScripts } from '../work/version-script'

const round2 = (x: number): number => Math.round(x * 100) / 100

/** The changes a set of placed patches made, in the version's own time. */
export function placementChanges(
  timeline: Timeline,
  placements: readonly Placement[],
  source: (p: Placement) => { id: string | null; name: string },
): VersionChange[] {
  return placements.map((p) => {
    const s = source(p)
    return {
      kind: p.inserted ? 'inserted' : 'replaced',
      sentence: p.sentence + 1,
      source_take_id: s.id,
      source_name: s.name,
      at_s: round2(resultTimeOf(timeline, p.segment, p.sourceFromS)),
      delta_s: round2(p.sourceToS - p.sourceFromS - (p.takeResumeS - p.takeFromS) + p.removedS),
      gain_db: p.gainDb,
    }
  })
}

/**
 * The lines the producer removed that a version cut out of the take: one change per line, in the version's
 * own time (a run of lines cut at once: its first line carries the change in length). `oldScript`: the
 * script the take was read from; `revision`: that script's number among the job's revisions, when known.
 */
export function removalChanges(
  timeline: Timeline,
  removals: readonly Removal[],
  oldScript: string,
  revision: number | null,
): VersionChange[] {
  const sentences = scriptSentences(oldScript)
  return removals
    .flatMap((r) =>
      r.run.old.map((k, i): VersionChange => ({
        kind: 'removed',
        sentence: null,
        source_take_id: null,
        source_name: null,
        at_s: round2(resultTimeOf(timeline, r.segment, r.atS)),
        delta_s: i === 0 ? round2(r.deltaS) : 0,
        gain_db: 0,
        removed_line: { sentence: k + 1, revision_number: revision, text: sentences[k]?.text ?? '' },
      })),
    )
    .sort((a, b) => a.at_s - b.at_s)
}

/** The room-tone findings of planned patches. */
export function roomToneFindings(patches: readonly PlannedPatch[]): VersionFinding[] {
  return patches
    .filter((p) => p.noiseFloorFinding)
    .map((p) => ({
      code: 'room_tone_differs',
      sentence: p.sentence + 1,
      message:
        `${p.name}'s room tone is ${p.noiseFloorDifferenceDb.toFixed(1)} dB louder than the ` +
        `take's; the pauses around sentence ${p.sentence + 1} keep the take's, but it shows in the ` +
        `pause inside the sentence.`,
    }))
}

export async function makePickupVersion(
  work: VersionWork,
  takeId: string,
  pickupIds: readonly string[],
): Promise<VersionMade> {
  const { store, versions } = work.d
  const take = await store.get(takeId)
  return work.exclusive(take, async () => {
    versions.checkCanChange(take)
    const pickups: TakeMeta[] = []
    for (const id of pickupIds) {
      const p = await store.get(id)
      if (p.id === take.id) throw new TakeInputError(`Take ${take.take_number} cannot be its own pickup.`)
      if (p.job_id !== take.job_id) throw new TakeInputError(`${takeName(p)} belongs to another job.`)
      if (p.state !== 'ready') throw new TakeInputError(`${takeName(p)} is not ready yet.`)
      pickups.push(p)
    }
    // Made for the job's current script: a take read from an older revision keeps its unchanged sentences.
    const { own, audio, target: script } = await versionScripts(work, take)
    work.progress(take, 'reading_back_sources', 'Finding where the pickups go…')
    const recordings = versions.recordings(take.job_id)
    // A take already fixed by pickups takes the new ones into the same recording, its earlier patches kept.
    const current = currentVersion(take)
    const prior = current?.pickups ?? null
    // The recordings the current version is made of are what the new one is made of too: one gone is named.
    const gone = current ? await missingRecordings(current, recordings) : []
    if (current && gone.length > 0)
      throw new MissingRecordingError(missingRecordingMessage(current, gone), current.number, gone)
    const base = prior
      ? {
          path: recordings.pathOf(prior.base),
          words: (await work.versionWords(take, prior.base_version, own.text)) ?? work.wordsOf(prior.base),
        }
      : await work.audioOf(take, audio.text)
    // Earlier patches move with their sentence when the script was revised since (and go when it changed).
    const before = prior ? await currentVersionScript(work, take) : null
    const kept = (prior?.patches ?? []).flatMap((p) => {
      const sentence = sentenceInTarget(before, script.text, p.sentence - 1)
      return sentence === null
        ? []
        : [{ path: recordings.pathOf(p.source), words: work.wordsOf(p.source), name: p.source_name, sentence }]
    })
    const theirs = await Promise.all(
      pickups.map(async (p) => ({ ...(await work.audioOf(p, script.text)), name: takeName(p) })),
    )
    // The base is the take's first recording (read from its own script) once pickups went in, else its current audio.
    const takeScript = prior ? own : audio
    const edit = await pickupEdit({
      recordings,
      script: script.text,
      takeScript: takeScript.text,
      takeRevision: takeScript.revision_number ?? null,
      take: base,
      pickups: theirs,
      kept,
      transcribe: work.d.transcribe,
    })
    work.rememberWords(edit.take, ...edit.pickups, ...edit.kept)
    // What the take and the pickups were heard to say is what the version's pieces of them say (version-hearing.ts).
    await Promise.all([
      work.learnHearing(take, edit.take.ref.hash, prior?.base_version),
      ...edit.pickups.map((p, i) => work.learnHearing(pickups[i] as TakeMeta, p.ref.hash)),
    ])
    const ids = new Map<string, string | null>([
      ...edit.pickups.map((p, i): [string, string | null] => [p.ref.hash, (pickups[i] as TakeMeta).id]),
      ...(prior?.patches ?? []).map((p): [string, string | null] => [p.source, p.source_take_id]),
    ])
    const patchOf = (k: number) => edit.patches.find((x) => x.sentence === k) as PlannedPatch
    const changes = placementChanges(
      edit.timeline,
      edit.placements.filter((pl) => edit.fresh.includes(pl.sentence)),
      (pl) => {
        const patch = patchOf(pl.sentence)
        return { id: ids.get(patch.from.source) ?? null, name: patch.name }
      },
    ).map((c) =>
      (c.kind === 'inserted' || c.kind === 'replaced') && c.sentence !== null && edit.added.includes(c.sentence - 1)
        ? { ...c, kind: 'added' as const }
        : c,
    )
    // An earlier version made for this same script already cut the removed lines out: not said again.
    const alreadyOut = prior !== null && before === script.text
    if (!alreadyOut)
      changes.push(...removalChanges(edit.timeline, edit.removals, takeScript.text, takeScript.revision_number ?? null))
    const plan = {
      base: edit.take.ref.hash,
      base_version: prior?.base_version ?? take.current_version ?? 1,
      patches: edit.patches.map((p) => ({
        sentence: p.sentence + 1,
        source: p.from.source,
        source_take_id: ids.get(p.from.source) ?? null,
        source_name: p.name,
      })),
    }
    return work.commit(take, script, {
      operation: 'pickup',
      list: edit.list,
      changes,
      findings: roomToneFindings(edit.patches),
      pickups: plan,
    })
  })
}

export async function cutRestart(
  work: VersionWork,
  takeId: string,
  restart: { from_s: number; to_s: number },
): Promise<VersionMade> {
  const { store, versions } = work.d
  const take = await store.get(takeId)
  return work.exclusive(take, async () => {
    versions.checkCanChange(take)
    const script = await work.scriptOf(take)
    const analyzed = await work.analysisOf(take, script.text)
    const cut = restartTimeline(analyzed.analysis, restart)
    const change: VersionChange = {
      kind: 'cut',
      sentence: null,
      source_take_id: null,
      source_name: null,
      at_s: round2(cut.fromS),
      delta_s: round2(cut.fromS - cut.toS),
      gain_db: 0,
    }
    return work.commit(take, script, {
      operation: 'cut_restart',
      list: toEditList(cut.timeline, analyzed.ref.format),
      changes: [change],
      findings: [],
    })
  })
}
