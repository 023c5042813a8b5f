/**
 * Punch-and-roll through the bridge: plan (where the punch point and pre-roll are), start (a new take,
 * label pickup, records from the start of the pre-roll through the usual recording calls), finish (stop
 * it and make the punched version), cancel (nothing changes). The latency to compensate is the caller's:
 * what the platform reports, or a calibrated figure (latency-calibration.ts); the version says which.
 * A session lives while Booth runs; after a crash the recording is recovered as an ordinary pickup take.
 */
import type { VersionMade } from '../../../shared/bridge-versions'
import type { PunchPlanView } from '../../../shared/versions/types'
import type { TakeLabel, TakeMeta } from '../../takes/take-types'
import { TakeInputError } from '../../takes/take-input-checks'
import { sentenceName } from '../fixes/pickup-edit'
import { scriptSentences } from '../../readback/index'
import { planPunch, punchFrameInRecording, punchTimeline, type PunchPlan } from './punch'
import { punchGate } from './punch-gate'
import { envelopeOfFile } from '../render/signal-envelope'
import { reviseTake } from '../revisions/revised-take'
import { toEditList } from '../cuts/timeline'
import { versionScripts } from '../work/version-script'
import { takeName, type VersionWork } from '../work/version-work'
import { takeName as fileTakeName } from '../../../shared/take-name'

export interface RecordingCallsForPunch {
  start(a: {
    jobId: string
    sampleRate: number
    channels: number
    label?: TakeLabel
    script?: { revision_id: string | null; text: string }
  }): Promise<{ takeId: string }>
  stop(a: { takeId: string }): Promise<TakeMeta>
  cancel(a: { takeId: string }): Promise<null>
}

interface Session {
  takeId: string
  plan: PunchPlan
  latency: { samples: number; source: 'reported' | 'calibrated' }
  recordingRate: number
}

const round2 = (x: number): number => Math.round(x * 100) / 100

export class PunchSessions {
  private readonly sessions = new Map<string, Session>()

  constructor(
    private readonly work: VersionWork,
    private readonly recording: RecordingCallsForPunch,
  ) {}

  /** Sentence numbers are the current script's; a take read from an older revision is seen through it. */
  private async planFor(
    take: TakeMeta,
    sentence: number,
    prerollS?: number,
  ): Promise<{ plan: PunchPlan; view: PunchPlanView; script: { revision_id: string | null; text: string } }> {
    const { audio: own, target: script } = await versionScripts(this.work, take)
    const analyzed = await this.work.analysisOf(take, own.text)
    const revised = reviseTake(analyzed.analysis, own.text, script.text)
    const added = revised.map.next[sentence - 1]?.fate === 'added'
    const plan = planPunch(revised.analysis, sentence - 1, (k) => sentenceName(script.text, k), prerollS, added)
    // The sentence's own text (the window shows it and finds it on the script), not its name.
    const text = scriptSentences(script.text)[sentence - 1]?.text ?? sentenceName(script.text, sentence - 1)
    return {
      plan,
      script: { revision_id: script.revision_id, text: script.text },
      view: {
        takeId: take.id,
        sentence,
        sentence_text: text,
        sample_rate: plan.sampleRate,
        punch_frame: plan.punchFrame,
        punch_s: round2(plan.punchS),
        preroll_frame: plan.prerollFrame,
        preroll_s: round2(plan.prerollS),
        crossfade_s: plan.crossfadeS,
      },
    }
  }

  async plan(takeId: string, sentence: number, prerollS?: number): Promise<PunchPlanView> {
    return (await this.planFor(await this.work.d.store.get(takeId), sentence, prerollS)).view
  }

  async start(a: {
    takeId: string
    sentence: number
    sampleRate: number
    channels: number
    latencySamples: number
    latencySource: 'reported' | 'calibrated'
    prerollS?: number | undefined
  }): Promise<{ recordingTakeId: string; plan: PunchPlanView }> {
    const take = await this.work.d.store.get(a.takeId)
    this.work.d.versions.checkCanChange(take)
    if ([...this.sessions.values()].some((s) => s.takeId === take.id))
      throw new TakeInputError(`Take ${take.take_number} is already being punched into.`)
    const { plan, view, script } = await this.planFor(take, a.sentence, a.prerollS)
    // The punch recording reads the script the punch is made for (the current one).
    const { takeId: recordingTakeId } = await this.recording.start({
      jobId: take.job_id,
      sampleRate: a.sampleRate,
      channels: a.channels,
      label: 'pickup',
      script,
    })
    this.sessions.set(recordingTakeId, {
      takeId: take.id,
      plan,
      latency: { samples: a.latencySamples, source: a.latencySource },
      recordingRate: a.sampleRate,
    })
    return { recordingTakeId, plan: view }
  }

  private session(recordingTakeId: string): Session {
    const s = this.sessions.get(recordingTakeId)
    if (!s) throw new TakeInputError('That recording is not a punch-and-roll under way.')
    return s
  }

  /**
   * The window recording this punch went away: no punched version will be made (the take stays as it was),
   * and the recording, stopped by the caller, is kept as its own pickup. Null when it is no punch under way.
   */
  async letGo(recordingTakeId: string): Promise<{ into_take_id: string; into_name: string; sentence: number } | null> {
    const s = this.sessions.get(recordingTakeId)
    if (!s) return null
    this.sessions.delete(recordingTakeId)
    const into = await this.work.d.store.get(s.takeId).catch(() => null)
    return { into_take_id: s.takeId, into_name: into ? fileTakeName(into) : 'the take', sentence: s.plan.sentence + 1 }
  }

  async cancel(recordingTakeId: string): Promise<null> {
    this.session(recordingTakeId)
    this.sessions.delete(recordingTakeId)
    await this.recording.cancel({ takeId: recordingTakeId })
    return null
  }

  async finish(recordingTakeId: string): Promise<VersionMade> {
    const s = this.session(recordingTakeId)
    this.sessions.delete(recordingTakeId)
    const recorded = await this.recording.stop({ takeId: recordingTakeId })
    const { work } = this
    const take = await work.d.store.get(s.takeId)
    return work.exclusive(take, async () => {
      work.d.versions.checkCanChange(take)
      const { audio, target: script } = await versionScripts(work, take)
      const base = await work.analysisOf(take, audio.text)
      const recordings = work.d.versions.recordings(take.job_id)
      const ref = await recordings.conform(
        await recordings.add(await work.d.store.readyAudioPath(recorded)),
        base.ref.format,
      )
      // The latency is in the recording's frames; the punch is placed in the take's.
      const latencyFrames = Math.round((s.latency.samples * base.ref.format.sample_rate) / s.recordingRate)
      // Into a gated take, the recording's room tone before its first word is kept out of the take's silence.
      const fromS = punchFrameInRecording(s.plan, latencyFrames) / base.ref.format.sample_rate
      const gate = punchGate(base.analysis, s.plan.punchS, await envelopeOfFile(ref.path), fromS)
      const timeline = punchTimeline(
        { source: base.ref.hash, durationS: base.analysis.durationS },
        { source: ref.hash, frames: ref.frames },
        s.plan,
        latencyFrames,
        gate,
      )
      const list = toEditList(timeline, base.ref.format)
      const ms = ((s.latency.samples / s.recordingRate) * 1000).toFixed(1)
      return work.commit(take, script, {
        operation: 'punch',
        list,
        findings: [],
        latency: { samples: s.latency.samples, source: s.latency.source },
        summaryExtra: ` (latency ${ms} ms, ${s.latency.source === 'calibrated' ? 'calibrated' : 'as the system reports it'})`,
        changes: [
          {
            kind: 'punched',
            sentence: s.plan.sentence + 1,
            source_take_id: recorded.id,
            source_name: takeName(recorded),
            at_s: round2(s.plan.punchS),
            delta_s: round2(list.frames / base.ref.format.sample_rate - base.analysis.durationS),
            gain_db: 0,
          },
        ],
      })
    })
  }
}
