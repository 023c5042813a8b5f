/**
 * The bridge handlers of shared/bridge-audio.ts: delivery profiles (listed with their targets and sources
 * in words), the profile of a job, and a take's report judged by its job's profile. Reports come from the
 * take measurer (take-measurer.ts), which shares the store's pass over the file and keeps it until it changes.
 */
import type { audioCalls, AudioResults, DeliveryProfileView, JobProfileView } from '../../shared/bridge-audio'
import type { Checked } from '../../shared/check'
import { UserFacingError } from '../bridge/describe-error'
import type { TakeView } from '../../shared/bridge-takes'
import type { DeliveryProfile } from './delivery-profiles'
import { ProfileError } from './delivery-profiles'
import type { ChosenProfile } from './profile-settings'
import type { ProfileSettings } from './profile-settings'
import { dB } from './take-findings'
import type { TakeMeasurer } from './take-measurer'

type Calls = typeof audioCalls
export type AudioHandlers = { [N in keyof Calls]: (args: Checked<Calls[N]>) => Promise<AudioResults[N]> }

export function profileView(p: DeliveryProfile): DeliveryProfileView {
  const targets = p.loudness.map((t) => ({
    what:
      `${t.measure === 'integrated' ? 'Loudness' : 'RMS level'} ${dB(t.min)} to ${dB(t.max)} ` +
      `${t.measure === 'integrated' ? 'LUFS' : 'dB RMS'} (${t.severity})`,
    source: t.source,
  }))
  if (p.peak)
    targets.push({
      what: `${p.peak.measure === 'true' ? 'True peak' : 'Peak'} at most ${dB(p.peak.max)} ${p.peak.measure === 'true' ? 'dBTP' : 'dBFS'} (${p.peak.severity})`,
      source: p.peak.source,
    })
  if (p.noiseFloorMaxDbfs)
    targets.push({
      what: `Room tone at most ${dB(p.noiseFloorMaxDbfs.max)} dBFS RMS (${p.noiseFloorMaxDbfs.severity})`,
      source: p.noiseFloorMaxDbfs.source,
    })
  const window = p.loudness.find((t) => t.measure === 'integrated' && t.severity === 'problem')
  return {
    name: p.name,
    label: p.label,
    builtIn: p.builtIn,
    targets,
    loudnessWindow: window ? { min: window.min, max: window.max } : null,
    truePeakMax: p.peak?.measure === 'true' ? p.peak.max : null,
  }
}

const chosenView = (c: ChosenProfile): JobProfileView => ({ profile: profileView(c.profile), chosenBy: c.chosenBy })

/** A profile mistake reaches the person as their own sentence. */
async function sentence<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (err) {
    if (err instanceof ProfileError) throw new UserFacingError('bad_profile', err.message, 400)
    throw err
  }
}

/** What the audio calls use of the take store (main/takes/take-store.ts), named here so audio/ need not import takes/. */
export interface ProfileTakes {
  list(jobId: string): Promise<{ takes: readonly TakeView[] }>
  remeasure(takeId: string): Promise<unknown>
  get(takeId: string): Promise<TakeView>
  deliveredAudioPath(takeId: string): Promise<string>
}

export interface AudioHandlerDeps {
  settings: ProfileSettings
  store: ProfileTakes
  /** The measurer whose `measure` the store uses, so a report reuses the store's pass. */
  measurer: TakeMeasurer
  /** Tells the page a job's takes changed (their preflight was measured again under a new profile). */
  takesChanged?: (jobId: string) => void
}

export function createAudioHandlers(deps: AudioHandlerDeps): AudioHandlers {
  const { settings } = deps
  /** After a profile change the job's takes are judged again by it, one after another, in the background. */
  const rejudge = (jobId: string): void => {
    void (async () => {
      for (const take of (await deps.store.list(jobId)).takes) {
        if (take.state === 'ready') await deps.store.remeasure(take.id).catch(() => undefined)
      }
      deps.takesChanged?.(jobId)
    })().catch(() => undefined)
  }
  const list = async () => ({ profiles: (await settings.profiles()).map(profileView) })
  return {
    listDeliveryProfiles: list,
    saveDeliveryProfile: (a) => sentence(async () => ({ profiles: (await settings.saveProfile(a)).map(profileView) })),
    deleteDeliveryProfile: ({ name }) =>
      sentence(async () => ({ profiles: (await settings.deleteProfile(name)).map(profileView) })),
    getJobProfile: async (job) => chosenView(await settings.forJob(job)),
    setJobProfile: ({ profile, ...job }) =>
      sentence(async () => {
        const chosen = chosenView(await settings.setForJob(job, profile))
        rejudge(job.jobId)
        return chosen
      }),
    getTakeReport: async ({ takeId, customerId }) => {
      const take = await deps.store.get(takeId)
      const { profile } = await settings.forJob({
        jobId: take.job_id,
        customerId: customerId ?? null,
        kind: take.job_kind,
      })
      const options = { kind: take.job_kind, spotLengthS: take.spot_length_s, profile }
      return (await deps.measurer.measured(await deps.store.deliveredAudioPath(takeId), options)).report
    },
  }
}
