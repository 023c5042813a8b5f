/**
 * Calls that act for the person: opening a link outside Booth, and the job actions (accept, decline,
 * complete). The job actions appear only once main offers their bridge calls; each runs only after the
 * person confirmed it in a dialog.
 */
import type { StateCreator } from 'zustand'
import type { BoothApi } from '../../../shared/bridge'
import type { BoothState } from './booth-state'
import { errorText } from './error-text'

/** Bridge calls the job view would use; not in the contract yet (see the report), looked up at run time. */
export const JOB_ACTION_CALLS = {
  accept: 'acceptJobs',
  decline: 'declineJobs',
  complete: 'completeJobs',
} as const
export type JobAction = keyof typeof JOB_ACTION_CALLS

export interface ActionsSlice {
  /** null when the link opened, else why not, in words. */
  openExternal(url: string): Promise<string | null>
  canCall(action: JobAction): boolean
  /** Runs a confirmed job action; null on success, else the reason in words. */
  runJobAction(action: JobAction, args: { jobIds: string[]; reason?: string; note?: string | null }): Promise<string | null>
}

function optionalCall(api: BoothApi, name: string): ((args: unknown) => Promise<unknown>) | null {
  const fn = (api as unknown as Record<string, unknown>)[name]
  return typeof fn === 'function' ? (fn as (args: unknown) => Promise<unknown>) : null
}

export const createActionsSlice = (api: BoothApi): StateCreator<BoothState, [], [], ActionsSlice> => (_set, get) => ({
  openExternal: async (url) => {
    try {
      const r = await api.openExternal({ url })
      return r.opened ? null : (r.reason ?? 'Booth would not open that link.')
    } catch (err) {
      return errorText(err)
    }
  },
  canCall: (action) => optionalCall(api, JOB_ACTION_CALLS[action]) !== null,
  runJobAction: async (action, args) => {
    const call = optionalCall(api, JOB_ACTION_CALLS[action])
    if (!call) return 'This version of Booth cannot do that yet.'
    try {
      await call(args)
      void get().reloadJob()
      void get().loadJobs()
      return null
    } catch (err) {
      return errorText(err)
    }
  },
})
