/**
 * The script text a read-back compares a take with: the take's own script_read (the revision and text on
 * screen when it was recorded or dropped), or, for a take that kept none, the job's script as it is now.
 */
export interface ScriptCopy {
  revision_id: string | null
  text: string
  /** The advertiser and customer: names weigh more in the read-back wherever they stand. */
  names: string[]
}
