/**
 * The one kind of key version work is filed under (the store's `busy`, `notice` and `progress`, and the
 * work cut off while Booth was away): what the work is about, a take or one of a job's works — its comp
 * (the comp's take does not exist yet), its pickup list, the files being added to it as pickups. The
 * store's other maps are keyed by a take id (views, removed lines, unfinished work, previews) or a job id
 * (comp grids, pickup lists), each said at its field.
 */
export type WorkKey = `take:${string}` | `comp:${string}` | `cards:${string}` | `pickups:${string}`

/** Work on a take: its versions, pickups placed, a finish, a cut. */
export const takeWork = (takeId: string): WorkKey => `take:${takeId}`
/** A job's comp and the reading of its grid. */
export const compKey = (jobId: string): WorkKey => `comp:${jobId}`
/** A job's pickup list. */
export const cardsKey = (jobId: string): WorkKey => `cards:${jobId}`
/** Files being added as pickups to a job. */
export const pickupsKey = (jobId: string): WorkKey => `pickups:${jobId}`

/** The take a piece of work is about, or null for a job's work. */
export function takeOfWork(key: WorkKey): string | null {
  return key.startsWith('take:') ? key.slice('take:'.length) : null
}
