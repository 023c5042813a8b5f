/**
 * The talent's delivery-profile settings, kept in <dataDir>/delivery-profiles.json (written atomically):
 * their own profiles, the profile chosen on a job, and the one remembered for each customer (the last
 * chosen on one of its jobs). A job's profile: chosen on the job, else remembered for its customer, else
 * the default of its kind (delivery-profiles.ts). A damaged file is set aside with a warning, never fatal.
 */
import { join } from 'node:path'
import type { JobProfileView } from '../../shared/bridge-audio'
import { JsonSettingsFile } from '../storage/json-settings-file'
import type { DeliveryProfile } from './delivery-profiles'
import { BUILT_IN_PROFILES, checkCustomProfile, defaultProfile, findProfile, ProfileError } from './delivery-profiles'
import type { TakeKind } from './preflight'

interface StoredSettings {
  /** The talent's profiles, as entered (re-checked on load). */
  custom: unknown[]
  byJob: Record<string, string>
  byCustomer: Record<string, string>
}

export interface JobRef {
  jobId: string
  customerId: string | null
  kind: TakeKind
}

export interface ChosenProfile {
  profile: DeliveryProfile
  chosenBy: JobProfileView['chosenBy']
}

const EMPTY: StoredSettings = { custom: [], byJob: {}, byCustomer: {} }
/** At most this many talent profiles (each a few hundred bytes). */
export const MAX_CUSTOM_PROFILES = 50

const names = (v: unknown): Record<string, string> =>
  typeof v === 'object' && v !== null
    ? Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string'))
    : {}

function validate(value: unknown): StoredSettings {
  if (typeof value !== 'object' || value === null) throw new Error('the profile settings must be an object')
  const v = value as Record<string, unknown>
  return { custom: Array.isArray(v.custom) ? v.custom : [], byJob: names(v.byJob), byCustomer: names(v.byCustomer) }
}

export class ProfileSettings {
  private stored: StoredSettings = EMPTY
  private custom: DeliveryProfile[] = []
  private loaded: Promise<void> | null = null
  /** The customer of each job seen this session (from the renderer's job facts), for measuring its takes. */
  private readonly customerOf = new Map<string, string | null>()
  private readonly file: JsonSettingsFile<StoredSettings>

  constructor(
    dataDir: string,
    private readonly warn: (message: string) => void = () => {},
  ) {
    this.file = new JsonSettingsFile({
      path: join(dataDir, 'delivery-profiles.json'),
      defaults: EMPTY,
      validate,
      about: {
        what: 'Your delivery profiles and the profile chosen for each job and customer',
        reset: "Booth's built-in profiles are used, each job by its kind, until you choose again.",
      },
      resetMessage: (reason) => `The delivery-profile settings could not be read and start empty: ${reason}`,
      warn,
    })
  }

  /** Reads the file on first use (a damaged one starts empty, with a warning). */
  private async ready(): Promise<void> {
    this.loaded ??= this.file.load().then((s) => this.apply(s))
    await this.loaded
  }

  private apply(s: StoredSettings): void {
    this.stored = s
    this.custom = []
    for (const raw of s.custom) {
      try {
        this.custom.push(checkCustomProfile(raw))
      } catch (err) {
        this.warn(`A saved delivery profile was skipped: ${(err as Error).message}`)
      }
    }
  }

  /** Writes the whole of `next`; what is in use changes only once the write succeeded. */
  private async save(next: StoredSettings): Promise<void> {
    this.apply(await this.file.update(next))
  }

  async profiles(): Promise<DeliveryProfile[]> {
    await this.ready()
    return [...BUILT_IN_PROFILES, ...this.custom]
  }

  /** Adds or replaces one of the talent's profiles; throws ProfileError with one sentence when it is wrong. */
  async saveProfile(input: Record<string, unknown>): Promise<DeliveryProfile[]> {
    await this.ready()
    const profile = checkCustomProfile(input)
    const others = this.stored.custom.filter((p) => (p as { name?: unknown })?.name !== profile.name)
    if (others.length >= MAX_CUSTOM_PROFILES)
      throw new ProfileError(`Booth keeps at most ${MAX_CUSTOM_PROFILES} profiles of your own; delete one first.`)
    await this.save({ ...this.stored, custom: [...others, input] })
    return this.profiles()
  }

  /** Removes one of the talent's profiles; jobs and customers that used it fall back to their defaults. */
  async deleteProfile(name: string): Promise<DeliveryProfile[]> {
    await this.ready()
    if (BUILT_IN_PROFILES.some((p) => p.name === name))
      throw new ProfileError(`${name} is built in and cannot be deleted.`)
    if (!this.custom.some((p) => p.name === name))
      throw new ProfileError(`There is no profile of yours called ${name}.`)
    const keep = (m: Record<string, string>) => Object.fromEntries(Object.entries(m).filter(([, v]) => v !== name))
    await this.save({
      custom: this.stored.custom.filter((p) => (p as { name?: unknown })?.name !== name),
      byJob: keep(this.stored.byJob),
      byCustomer: keep(this.stored.byCustomer),
    })
    return this.profiles()
  }

  async forJob(job: JobRef): Promise<ChosenProfile> {
    await this.ready()
    if (job.customerId !== null || !this.customerOf.has(job.jobId)) this.customerOf.set(job.jobId, job.customerId)
    const onJob = this.stored.byJob[job.jobId]
    const byJob = onJob ? findProfile(onJob, this.custom) : null
    if (byJob) return { profile: byJob, chosenBy: 'job' }
    const remembered = job.customerId ? this.stored.byCustomer[job.customerId] : undefined
    const byCustomer = remembered ? findProfile(remembered, this.custom) : null
    if (byCustomer) return { profile: byCustomer, chosenBy: 'customer' }
    return { profile: defaultProfile(job.kind), chosenBy: 'kind' }
  }

  /** The profile of a job known by id only (measuring one of its takes): its customer as last seen. */
  async forJobId(jobId: string, kind: TakeKind): Promise<ChosenProfile> {
    return this.forJob({ jobId, customerId: this.customerOf.get(jobId) ?? null, kind })
  }

  /** Chooses the job's profile (null: back to the default) and remembers it for the job's customer. */
  async setForJob(job: JobRef, name: string | null): Promise<ChosenProfile> {
    await this.ready()
    if (name !== null && !findProfile(name, this.custom))
      throw new ProfileError(`There is no delivery profile called ${name}.`)
    const byJob = { ...this.stored.byJob }
    const byCustomer = { ...this.stored.byCustomer }
    if (name === null) delete byJob[job.jobId]
    else {
      byJob[job.jobId] = name
      if (job.customerId) byCustomer[job.customerId] = name
    }
    await this.save({ ...this.stored, byJob, byCustomer })
    return this.forJob(job)
  }
}
