/**
 * Calls that act for the person: opening a link outside Booth, and the job actions (accept, decline,
 * complete) on one job or several. Each job action runs only after the person confirmed it in a dialog;
 * afterwards the list and the open job are fetched again and the jobs acted on leave the selection.
 */
import type { StateCreator } from 'zustand'
import type { BoothApi, JobActionResult } from '../../../shared/bridge'
import type { BoothState } from './booth-state'
import { errorText } from './error-text'
import { outcomeOf, type CallOutcome } from './call-outcome'

export const JOB_ACTIONS = ['accept', 'decline', 'complete'] as const
export type JobAction = (typeof JOB_ACTIONS)[number]

export interface JobActionArgs {
  jobIds: string[]
  /** Decline only: 1–500 characters, sent to the producer. */
  reason?: string
  /** Complete only: up to 1000 characters, or null. */
  note?: string | null
}

export interface ActionsSlice {
  /** null when the link opened, else why not, in words. */
  openExternal(url: string): Promise<string | null>
  /** Runs a confirmed job action; the per-job results, or the reason it failed in words. */
  runJobAction(action: JobAction, args: JobActionArgs): Promise<CallOutcome<JobActionResult>>
}

function call(api: BoothApi, action: JobAction, args: JobActionArgs): Promise<JobActionResult> {
  switch (action) {
    case 'accept':
      return api.acceptJobs({ jobIds: args.jobIds })
    case 'decline':
      return api.declineJobs({ jobIds: args.jobIds, reason: (args.reason ?? '').trim() })
    case 'complete':
      return api.completeJobs({ jobIds: args.jobIds, note: args.note?.trim() ? args.note.trim() : null })
  }
}

export const createActionsSlice =
  (api: BoothApi): StateCreator<BoothState, [], [], ActionsSlice> =>
  (_set, get) => ({
    openExternal: async (url) => {
      try {
        const r = await api.openExternal({ url })
        return r.opened ? null : (r.reason ?? 'Booth would not open that link.')
      } catch (err) {
        return errorText(err)
      }
    },
    runJobAction: async (action, args) => {
      const outcome = await outcomeOf(() => call(api, action, args))
      if (outcome.ok) {
        get().uncheckJobs(outcome.value.results.map((r) => r.job_id))
        void get().reloadJob()
        void get().loadJobs()
      }
      return outcome
    },
  })
