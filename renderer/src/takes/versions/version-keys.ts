/**
 * The keys the versions store files work under besides a take id: a comp's work (its take does not exist
 * yet), a job's pickup list and the files being added to a job as pickups.
 */

/** The key of a comp's work and of a job's pickup list. */
export const compKey = (jobId: string) => `comp:${jobId}`
export const cardsKey = (jobId: string) => `cards:${jobId}`
/** The key of files being added as pickups to a job. */
export const pickupsKey = (jobId: string) => `pickups:${jobId}`
