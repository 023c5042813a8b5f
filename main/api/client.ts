/**
 * Booth's typed client of the talent API (its reference and contract: resources/api/talent-v1.yaml).
 *
 * One method per operation, each returning the operation's success body without `ok`/`api_version`,
 * with every timestamp in milliseconds (timestamps.ts), or throwing ApiError (errors.ts). Writes take a
 * REQUIRED `idempotencyKey` that the caller made with newIdempotencyKey() and persisted before the first
 * send; every retry reuses it, and `replayed` says whether the server answered a stored first result.
 * Runs in Electron's main process or plain Node; it never reads the key from disk and never logs it.
 */
import createClient from 'openapi-fetch'
import type { components, paths } from '../../shared/api/talent-v1'
import { API_ID_PATTERN } from '../../shared/check'
import { createCallRunner, type CallOptions, type TalentClientOptions, type WriteOptions } from './call-runner'

type Schemas = components['schemas']
type ListJobsQuery = NonNullable<paths['/jobs']['get']['parameters']['query']>
type EarningsQuery = paths['/earnings']['get']['parameters']['query']
type DeliveryBody = Schemas['CreateDeliveryRequest']

export function createTalentClient(options: TalentClientOptions) {
  const runner = createCallRunner(options)
  const api = createClient<paths>({ baseUrl: runner.apiBaseUrl })
  const { read, write } = runner
  const key = (idempotencyKey: string) => ({ 'Idempotency-Key': idempotencyKey })

  return {
    /** The API root the client calls, e.g. http://127.0.0.1:4010/api/v1. */
    apiBaseUrl: runner.apiBaseUrl,

    me: (o?: CallOptions) => read('me', o, (init) => api.GET('/me', init)),

    listJobs: (query: ListJobsQuery = {}, o?: CallOptions) =>
      read('listJobs', o, (init) => api.GET('/jobs', { ...init, params: { query: withoutNulls(query) } })),

    getJob: async (jobId: string, o?: CallOptions) => {
      const job_id = checkId(jobId, 'job id')
      return read('getJob', o, (init) => api.GET('/jobs/{job_id}', { ...init, params: { path: { job_id } } }))
    },

    /** POST /scripts/pdf reads (scope jobs:read): no Idempotency-Key. */
    scriptsPdf: (body: Schemas['CreateScriptsPdfRequest'], o?: CallOptions) =>
      read('scriptsPdf', o, (init) => api.POST('/scripts/pdf', { ...init, body })),

    listDeliveries: async (jobId: string, query: { with_urls?: boolean } = {}, o?: CallOptions) => {
      const job_id = checkId(jobId, 'job id')
      return read('listDeliveries', o, (init) =>
        api.GET('/jobs/{job_id}/deliveries', { ...init, params: { path: { job_id }, query } }),
      )
    },

    deliver: async (jobId: string, body: DeliveryBody, o: WriteOptions) => {
      const job_id = checkId(jobId, 'job id')
      return write(
        'deliver',
        o,
        (k) => (init) =>
          api.POST('/jobs/{job_id}/deliveries', { ...init, params: { path: { job_id }, header: key(k) }, body }),
      )
    },

    attachmentDownload: async (attachmentId: string, o?: CallOptions) => {
      const attachment_id = checkId(attachmentId, 'attachment id')
      return read('attachmentDownload', o, (init) =>
        api.GET('/attachments/{attachment_id}/download', { ...init, params: { path: { attachment_id } } }),
      )
    },

    earnings: (query: EarningsQuery, o?: CallOptions) =>
      read('earnings', o, (init) => api.GET('/earnings', { ...init, params: { query: withoutNulls(query) } })),

    getAvailability: (o?: CallOptions) => read('getAvailability', o, (init) => api.GET('/availability', init)),

    putAvailability: (body: Schemas['PutAvailabilityRequest'], o: WriteOptions) =>
      write(
        'putAvailability',
        o,
        (k) => (init) => api.PUT('/availability', { ...init, params: { header: key(k) }, body }),
      ),

    getPreferences: (o?: CallOptions) => read('getPreferences', o, (init) => api.GET('/preferences', init)),

    putPreferences: (body: Schemas['PutPreferencesRequest'], o: WriteOptions) =>
      write(
        'putPreferences',
        o,
        (k) => (init) => api.PUT('/preferences', { ...init, params: { header: key(k) }, body }),
      ),

    getConsent: (o?: CallOptions) => read('getConsent', o, (init) => api.GET('/consent', init)),

    putConsent: (body: Schemas['PutConsentRequest'], o: WriteOptions) =>
      write('putConsent', o, (k) => (init) => api.PUT('/consent', { ...init, params: { header: key(k) }, body })),

    accept: (body: Schemas['AcceptJobsRequest'], o: WriteOptions) =>
      write('accept', o, (k) => (init) => api.POST('/jobs/accept', { ...init, params: { header: key(k) }, body })),

    decline: (body: Schemas['DeclineJobsRequest'], o: WriteOptions) =>
      write('decline', o, (k) => (init) => api.POST('/jobs/decline', { ...init, params: { header: key(k) }, body })),

    complete: (body: Schemas['CompleteJobsRequest'], o: WriteOptions) =>
      write('complete', o, (k) => (init) => api.POST('/jobs/complete', { ...init, params: { header: key(k) }, body })),
  }
}

export type TalentClient = ReturnType<typeof createTalentClient>

/** Path ids must match the API's id format (ApiId in resources/api/talent-v1.yaml), so nothing else can reach the URL path. */
function checkId(value: string, what: string): string {
  if (typeof value !== 'string' || !API_ID_PATTERN.test(value)) {
    const shown = typeof value === 'string' ? `"${value.slice(0, 40)}"` : typeof value
    throw new RangeError(`A ${what} is 1 to 10 digits without a leading zero (got ${shown}).`)
  }
  return value
}

/** Nullable query values mean "left out" (the contract): never send them as empty strings. */
function withoutNulls<T extends object>(query: T): T {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== null && v !== undefined)) as T
}
