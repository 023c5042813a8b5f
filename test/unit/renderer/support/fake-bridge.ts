/**
 * An in-memory BoothApi for store tests: answers from given functions, records every call, and emits
 * events like main does. (The real bridge needs main's services; the store only sees this interface.)
 */
import type {
  BoothApi,
  BridgeEventName,
  BridgeEvents,
  JobListQuery,
  JobListView,
  JobSummary,
  JobView,
  SessionState,
} from '../../../../shared/bridge'

export const SIGNED_IN: SessionState = {
  mode: 'signed_in',
  baseUrl: 'https://talent.example',
  account: { keyId: '7', name: 'Maya Lindqvist', email: 'maya@example.com', scopes: ['jobs:read'], expiresAt: null },
  warnings: [],
  missingScopes: [],
}
export const SIGNED_OUT: SessionState = {
  mode: 'signed_out',
  baseUrl: null,
  account: null,
  warnings: [],
  missingScopes: [],
}

export function job(id: string, extra: Partial<JobSummary> = {}): JobSummary {
  return {
    job_id: id,
    customer: { id: '1', name: 'Northstar Audio' },
    voice: { id: '2', name: 'Natural read' },
    key_number: `ACMH-${id}`,
    advertiser: `Advertiser ${id}`,
    length_s: 30,
    kind: 'dry_voice',
    live_read: false,
    reference: null,
    requested_at: 1_700_000_000_000,
    due_date: null,
    changes_due: null,
    due_state: 'none',
    status: 'pending',
    stage: 'sent',
    spot_cancelled: false,
    has_script: true,
    script_changed: false,
    unopened: true,
    deliveries: 0,
    attachments: 0,
    rate: null,
    producer_name: null,
    ...extra,
  }
}

export function listView(query: JobListQuery, ids: string[]): JobListView {
  const zero = {
    pending: 0,
    to_record: 0,
    due_today: 0,
    overdue: 0,
    due_soon: 0,
    stale: 0,
    accepted: 0,
    changes_requested: 0,
    unopened: 0,
    completed: 0,
    delivered: 0,
    declined: 0,
  }
  return {
    source: 'live',
    fetchedAt: 1,
    query,
    total: ids.length,
    items: ids.map((id) => job(id)),
    counts: { ...zero, pending: ids.length },
    today: '2025-03-05',
    customers: [],
    voices: [],
  }
}

export function jobView(id: string): JobView {
  const detail = {
    ...job(id),
    producer: null,
    flight_start: null,
    traffic: [],
    other_talent: [],
    agency: null,
    script: {
      kind: 'typed' as const,
      revision_id: null,
      revised_at: null,
      html: null,
      text: 'Read me.',
      document: null,
    },
    directions: { html: null, text: '' },
    pronunciations: [],
    script_change: null,
    changes_request: null,
    decline: null,
    completion: null,
    timeline: [],
    deliveries_detail: [],
    attachments_detail: [],
    can: { accept: true, decline: true, complete: false, deliver: false, attach: false, ack_script: false },
    deliver_notice: 'none' as const,
    suggested_stem: 'x',
  }
  return { source: 'live', fetchedAt: 1, job: detail, scriptDocumentPath: null }
}

type Handlers = { [N in keyof BoothApi]?: BoothApi[N] }

export function fakeBridge(handlers: Handlers = {}) {
  const calls: Array<[string, unknown]> = []
  const listeners = new Map<string, Set<(data: unknown) => void>>()
  const defaults: Handlers = {
    getSession: async () => SIGNED_IN,
    signOut: async () => SIGNED_OUT,
    listJobs: async (q) => listView(q, ['1', '2', '3']),
    getJob: async ({ jobId }) => jobView(jobId),
    watchJob: async () => null,
  }
  const api = new Proxy({} as BoothApi, {
    get(_t, name: string) {
      if (name === 'on') {
        return (event: string, fn: (data: unknown) => void) => {
          const set = listeners.get(event) ?? new Set()
          set.add(fn)
          listeners.set(event, set)
          return () => set.delete(fn)
        }
      }
      // Like Electron's window: no host presence unless the test gives one.
      if (name === 'onPresence') return handlers.onPresence
      const fn = (handlers as Record<string, unknown>)[name] ?? (defaults as Record<string, unknown>)[name]
      // A call the test gave no answer for fails as a real bridge call would, instead of crashing the render.
      if (typeof fn !== 'function') {
        if (typeof name !== 'string' || name === 'then') return undefined
        return (args: unknown) => {
          calls.push([name, args])
          return Promise.reject(new Error(`The test bridge has no answer for ${name}.`))
        }
      }
      return (args: unknown) => {
        calls.push([name, args])
        return (fn as (a: unknown) => Promise<unknown>)(args)
      }
    },
  })
  return {
    api,
    calls,
    callsOf: (name: string) => calls.filter(([n]) => n === name).map(([, a]) => a),
    listenerCount: (event: BridgeEventName) => listeners.get(event)?.size ?? 0,
    emit<E extends BridgeEventName>(event: E, data: BridgeEvents[E]) {
      for (const fn of listeners.get(event) ?? []) fn(data)
    },
  }
}

export const settle = () => new Promise((r) => setTimeout(r, 0))
