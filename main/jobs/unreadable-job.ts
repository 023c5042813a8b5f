/**
 * What the talent reads when the service sends a job Booth cannot read at all (a needed part of it does
 * not conform to resources/api/talent-v1.yaml; spare parts are left out with a note instead, see
 * main/api/answer-mend.ts). Plain words, never the field's path: that goes to the log with the job's id.
 */
import { UserFacingError } from '../bridge/describe-error'

/** Beside a saved copy shown instead (CachedJobNote puts "Showing this job as saved … ago." before it). */
export const UNREADABLE_LIVE_JOB =
  'The service sent a newer copy of this job that Booth cannot read, so the saved one is shown.'

/** The job cannot be shown: there is no saved copy either. */
export function unreadableJobError(): UserFacingError {
  return new UserFacingError(
    'unreadable',
    'This job cannot be shown: the service sent it in a form Booth cannot read. Your takes of it and the job list are kept. ' +
      'Try again later; if it stays like this, tell the producer.',
    502,
  )
}
