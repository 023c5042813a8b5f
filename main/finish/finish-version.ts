/**
 * "Finish for delivery" as a version of a take (issue 33, point 1). The take's current audio goes through
 * the finish engine (finish-take.ts: fitted to the job's spot length, levelled to its profile); the
 * finished WAV is kept by content among the job's recordings (main/versions/store/recordings.ts), and the new
 * version's edit list is one piece covering it whole. Like every version it is then rendered, measured and
 * read back before the call answers (VersionWork.commit), so its preflight — what a delivery sends — is
 * measured from the finished audio. Its read-back is what the base audio was heard to say (its kept
 * read-back, else heard once before the finish) mapped through the finish's time map, never the finished
 * audio heard again; it is checked against the job's current script after a revision, as a pickup is. The version keeps
 * the finish's report (`TakeVersion.finish`) for the
 * panel's before and after. The recording on disk is never rewritten; undo is restoring the version it
 * was made from. Finishing a finished version again (the talent changed a choice) finishes the audio that
 * one finished, never a finish of a finish. The talent's choices (breaths, the largest tempo change, the shortest pause) are
 * what the engine plans with. A take whose job has no script is finished from its signal (voice activity
 * against the room tone) and its version says it was not read back. A refusal (FinishRefusal) is one sentence, and
 * nothing is made. Journalled by the version area like the other version jobs.
 */
import { randomUUID } from 'node:crypto'
import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { VersionMade } from '../../shared/bridge-versions'
import type { EditList } from '../../shared/versions/edit-list'
import {
  breathLowering,
  dbRange,
  finishCounts,
  limitingPhrase,
  tempoPercent,
  type FinishChoices,
  type FinishProfileView,
  type VersionFinish,
} from '../../shared/versions/finish'
import type { DeliveryProfile } from '../audio/delivery-profiles'
import type { TakeKind } from '../audio/preflight'
import { EngineUnavailableError } from '../readback/index'
import { TakeInputError } from '../takes/take-input-checks'
import {
  type RecordingRef,
  type Finisher,
  type TakeScript,
  type VersionWork,
  versionScripts,
  mapHearing,
  type Hearing,
  hearWhole,
  takeName,
} from '../versions/index'
import { currentVersion } from '../version-records/version-meta'
import type { TakeMeta } from '../takes/take-types'
import type { TimedWord } from '../../shared/readback/types'
import { FinishRefusal, finishTake, type FinishReport, type FinishRequest } from './finish-take'
import type { RoomToneFrom } from './room-tone-source'
import type { TakeKindToFit } from './fit-plan'

export interface FinishVersionDeps {
  /** The job's delivery profile (the one chosen on the job, else its kind's default). */
  profileOf(jobId: string, kind: TakeKind): Promise<DeliveryProfile>
  ffmpegPath?: string
  /** The finish engine (finishTake); tests may hand one that stops on purpose. */
  finish?: (req: FinishRequest) => Promise<FinishReport>
  /** A URL the window can play a file on disk from (the host's media route); without it no preview is offered. */
  mediaUrl?: (path: string) => string
}

/** A take of a job whose kind is not set is finished as a dry voice (the profile default's reasoning too). */
export function kindToFit(kind: TakeKind): TakeKindToFit {
  return kind === 'finished_spot' ? 'finished_spot' : 'dry_voice'
}

export function profileView(p: DeliveryProfile): FinishProfileView {
  return {
    name: p.name,
    label: p.label,
    loudness: p.loudness.map((l) => ({
      measure: l.measure,
      min: l.min,
      max: l.max,
      ...(l.target !== undefined ? { target: l.target } : {}),
    })),
    peak: p.peak ? { measure: p.peak.measure, max: p.peak.max } : null,
  }
}

/** The version's edit list: the finished recording whole, at unity, no fades. */
export function wholeRecording(ref: RecordingRef): EditList {
  const none = { frames: 0, shape: 'equal_power' as const }
  return {
    format: ref.format,
    frames: ref.frames,
    pieces: [{ source: ref.hash, from: 0, to: ref.frames, at: 0, gain_db: 0, fade_in: none, fade_out: none }],
  }
}

/**
 * "Finished for delivery: 15.00 s for the 15.0 s spot (was 18.42 s); 4 pauses changed, tempo +1.2 %, gain
 * +6.0 dB, peaks limited up to 2.1 dB at 3 places, 2 breaths lowered by 9 to 15 dB, 1 click removed." Only what
 * was done: clicks found and left as read are not counted, a breath that could not be cut is said lowered.
 */
export function finishSummary(f: VersionFinish): string {
  const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`
  const parts = [`${plural(f.pauses_changed, 'pause')} changed`]
  if (f.tempo !== 1)
    parts.push(`tempo ${tempoPercent(f.tempo) > 0 ? '+' : '−'}${Math.abs(tempoPercent(f.tempo)).toFixed(1)} %`)
  if (f.gain_db !== 0) parts.push(`gain ${f.gain_db > 0 ? '+' : '−'}${Math.abs(f.gain_db).toFixed(1)} dB`)
  if (f.limiting) parts.push(limitingPhrase(f.limiting))
  if (f.breaths_cut !== undefined) {
    // Counted apart: cut to room tone, and lowered (by the choice, or for want of room tone long enough to cut to).
    if (f.breaths_cut > 0) parts.push(`${plural(f.breaths_cut, 'breath')} cut to room tone`)
    const by = breathLowering(f.edits)
    const range = by ? ` by ${dbRange(by.least_db, by.most_db)}` : ''
    const n = f.breaths_lowered
    if (n > 0)
      parts.push(
        f.breaths_cut > 0
          ? `${n} lowered${range} instead`
          : f.choices.breaths === 'cut'
            ? `${plural(n, 'breath')} lowered${range} instead of cut`
            : `${plural(n, 'breath')} lowered${range}`,
      )
  } else if (f.breaths_lowered > 0)
    parts.push(`${plural(f.breaths_lowered, 'breath')} ${f.choices.breaths === 'cut' ? 'cut' : 'lowered'}`)
  if (f.clicks_removed > 0) parts.push(`${plural(f.clicks_removed, 'click')} removed`)
  if (f.choices.roomToneTakeId) parts.push(`its silence given ${f.room_tone_from ?? 'another take'}’s room tone`)
  return (
    `Finished for delivery: ${f.after.length_s.toFixed(2)} s for the ` +
    `${f.spot_length_s.toFixed(1)} s spot (was ${f.before.length_s.toFixed(2)} s); ${parts.join(', ')}.`
  )
}

/** The finish of the take's current audio, with its script when a read-back engine can hear it. */
async function runEngine(deps: FinishVersionDeps, req: FinishRequest): Promise<FinishReport> {
  const finish = deps.finish ?? finishTake
  try {
    return await finish(req)
  } catch (err) {
    // Without a read-back engine the pauses' kinds come from the signal alone.
    if (err instanceof EngineUnavailableError && req.script) return finish({ ...req, script: null })
    throw err
  }
}

export async function finishVersion(
  work: VersionWork,
  takeId: string,
  choices: FinishChoices,
  deps: FinishVersionDeps,
): Promise<VersionMade> {
  const { store, versions } = work.d
  const take = await store.get(takeId)
  return work.exclusive(take, async () => {
    versions.checkCanChange(take)
    const spot = take.spot_length_s
    if (!(typeof spot === 'number' && spot > 0))
      throw new TakeInputError(`Take ${take.take_number} cannot be finished: its job has no spot length to fit it to.`)
    // A take with no script (its job has none) is finished from its signal alone, and not read back. After a
    // producer's revision the version is made for the job's current script, as a pickup's is (version-script.ts).
    const scripts = await versionScripts(work, take).catch((err: unknown) => {
      if (err instanceof TakeInputError) return null
      throw err
    })
    const script: TakeScript | null = scripts?.target ?? null
    const kind = kindToFit(take.job_kind)
    const roomTone = choices.roomToneTakeId ? await roomToneOf(work, take, choices.roomToneTakeId) : null
    const profile = await deps.profileOf(take.job_id, take.job_kind)
    // Finishing a finished version again (other choices) starts from the audio that one finished.
    const current = currentVersion(take)
    const base =
      current?.operation === 'finish' && current.finish ? current.finish.base_version : (take.current_version ?? 1)
    const input = await store.readyAudioPath({ ...take, current_version: base })
    work.progress(
      take,
      'finishing',
      `Fitting take ${take.take_number} to the ${spot.toFixed(1)} s spot and levelling it for ${profile.label}…`,
    )
    const renders = versions.folders(take.job_id).renders
    await mkdir(renders, { recursive: true })
    // A dot name ending .partial: what a crash leaves here is cleared at the next start (take-folders.ts).
    const out = join(renders, `.finish-${take.id}-${randomUUID()}.wav.partial`)
    // What the take's read-back already heard in this audio (the version it is now, or the one finished
    // before): not heard again. The finished audio's read-back is that hearing mapped through the finish.
    const heard = scripts ? await baseHearing(work, take, base, input, scripts.audio.text) : null
    let ref: RecordingRef | null = null
    try {
      const report = await runEngine(deps, {
        input,
        output: out,
        spotLengthS: spot,
        kind,
        profile,
        // The talent's choices are what the engine plans with: a take that cannot fit within them is refused.
        breaths: choices.breaths,
        maxTempoChange: choices.maxTempoPercent / 100,
        shortestPauseS: choices.shortestPauseS,
        ...(choices.longestPauseS !== undefined ? { longestPauseS: choices.longestPauseS } : {}),
        roomTone,
        script: heard ? { text: heard.script, transcribe: work.d.transcribe, words: heard.words } : null,
        ...(deps.ffmpegPath ? { ffmpegPath: deps.ffmpegPath } : {}),
        // Written whole: kept by content (the version's one piece) and offered to the window to play at once,
        // while the engine measures it and the version is rendered, measured and read back.
        onWritten: async (path) => {
          ref = await versions.recordings(take.job_id).add(path)
          if (deps.mediaUrl)
            work.progress(
              take,
              'finishing',
              `Finished; measuring and reading back take ${take.take_number}'s new version…`,
              {
                url: deps.mediaUrl(ref.path),
                length_s: ref.frames / ref.format.sample_rate,
                made_from: take.current_version ?? 1,
                base_version: base,
              },
            )
        },
      })
      ref ??= await versions.recordings(take.job_id).add(out)
      if (heard?.hearing) work.rememberHearing(ref.hash, mapHearing(heard.hearing, report.time_map))
      const finish = {
        ...finishRecord(report, base, choices, spot, kind, profile),
        ...(roomTone ? { room_tone_from: roomTone.name } : {}),
      }
      return await work.commit(take, script, {
        operation: 'finish',
        list: wholeRecording(ref),
        changes: [],
        findings: [],
        finish,
        summary: finishSummary(finish),
      })
    } catch (err) {
      if (err instanceof FinishRefusal) throw new TakeInputError(err.message)
      throw err
    } finally {
      await rm(out, { force: true })
    }
  })
}

/** The other take of the job whose room tone a gated take is given: its current audio and its name. */
async function roomToneOf(work: VersionWork, take: TakeMeta, id: string): Promise<RoomToneFrom> {
  const other = await work.d.store.get(id)
  const name = takeName(other)
  if (other.id === take.id) throw new TakeInputError(`Take ${take.take_number} cannot lend its own room tone.`)
  if (other.job_id !== take.job_id) throw new TakeInputError(`${name} belongs to another job.`)
  if (other.state !== 'ready') throw new TakeInputError(`${name} is not ready yet.`)
  return { path: await work.d.store.readyAudioPath(other), name }
}

/**
 * The base audio's hearing and the script it was heard against: its kept read-back, else heard now (whole:
 * words, doubts and second hearing, so the finished version is checked as the take would be). When it
 * cannot be heard (no engine, the engine failed), the words alone of a kept read-back, or nothing: the
 * finish then goes by those (or hears the words itself, or goes by the signal) and the finished audio is
 * heard whole when the version is read back, as any new audio is.
 */
async function baseHearing(
  work: VersionWork,
  take: TakeMeta,
  base: number,
  input: string,
  scriptText: string,
): Promise<{ hearing: Hearing | null; words: TimedWord[] | null; script: string }> {
  const kept = await work.storedHearing(take, base)
  if (kept?.hearing) return { hearing: kept.hearing, words: kept.words, script: kept.script.text }
  try {
    const hearing = await hearWhole(input, scriptText, work.d.transcribe)
    return { hearing, words: hearing.words, script: scriptText }
  } catch {
    return { hearing: null, words: kept?.words ?? null, script: kept?.script.text ?? scriptText }
  }
}

function finishRecord(
  report: FinishReport,
  base: number,
  choices: FinishChoices,
  spot: number,
  kind: TakeKindToFit,
  profile: DeliveryProfile,
): VersionFinish {
  return {
    base_version: base,
    choices,
    spot_length_s: spot,
    kind,
    profile: profileView(profile),
    tempo: report.tempo,
    gain_db: report.gain_db,
    before: report.before,
    after: report.after,
    edits: report.edits,
    ...finishCounts(report.edits),
    dynamics: report.dynamics,
    noise_floor: report.noise_floor,
    // Kept so A/B can start the other side at the same word (shared/versions/time-map.ts); its source is the base audio's hash.
    time_map: report.time_map.map(({ fromS, toS, atS, scale, coreFromS, coreToS }) => ({
      fromS,
      toS,
      atS,
      scale,
      coreFromS,
      coreToS,
    })),
  }
}

/** The version area's `finish` port (version-handlers.ts), bound to the job's profiles and ffmpeg. */
export function createFinisher(deps: FinishVersionDeps): Finisher {
  return (work: VersionWork, takeId: string, choices: FinishChoices) => finishVersion(work, takeId, choices, deps)
}
