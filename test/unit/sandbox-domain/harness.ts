/** Test harness for the sandbox domain: a fixed clock, operation calls, and the OpenAPI schemas (Ajv 2020). */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import Ajv2020 from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import { parse } from 'yaml'
import type { OperationContext, OperationId, SandboxKey, UploadInfo } from '../../../sandbox/seam'
import { createWorld, type DomainWorld } from '../../../sandbox/domain'

/** 2025-03-10 15:00 UTC = 11:00 in New York (the seeded talent's zone). */
export const T0 = Date.UTC(2025, 2, 10, 15, 0, 0)

export const KEY: SandboxKey = {
  keyId: '7001',
  token: 'test-token',
  scopes: ['jobs:read', 'jobs:write'],
  expiresAt: null,
}

export interface Clock {
  now: () => number
  set(ms: number): void
  advance(ms: number): void
}

export function clock(start = T0): Clock {
  let t = start
  return { now: () => t, set: (ms) => (t = ms), advance: (ms) => (t += ms) }
}

export interface Harness {
  world: DomainWorld
  clock: Clock
  uploads: Map<string, UploadInfo>
  call(
    op: OperationId,
    input?: { params?: Record<string, string>; query?: Record<string, unknown>; body?: unknown },
  ): Promise<Record<string, unknown>>
  ctx: OperationContext
}

export async function harness(opts: { dataDir?: string; seed?: number; start?: number } = {}): Promise<Harness> {
  const c = clock(opts.start ?? T0)
  const world = await createWorld({
    now: c.now,
    producer: false,
    seed: opts.seed ?? 42,
    ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
  })
  const uploads = new Map<string, UploadInfo>()
  const ctx: OperationContext = {
    now: c.now,
    baseUrl: () => 'http://127.0.0.1:4010',
    uploads: { get: async (handle) => uploads.get(handle) ?? null },
  }
  const call: Harness['call'] = async (op, input = {}) =>
    (await world.operations[op](
      { params: input.params ?? {}, query: input.query ?? {}, body: input.body, key: KEY },
      ctx,
    )) as Record<string, unknown>
  return { world, clock: c, uploads, call, ctx }
}

const RESPONSE_SCHEMA: Record<OperationId, string> = {
  getMe: 'GetMeResponse',
  listJobs: 'ListJobsResponse',
  getJob: 'GetJobResponse',
  createScriptsPdf: 'CreateScriptsPdfResponse',
  listDeliveries: 'ListDeliveriesResponse',
  createDelivery: 'CreateDeliveryResponse',
  getAttachmentDownload: 'GetAttachmentDownloadResponse',
  getEarnings: 'GetEarningsResponse',
  getAvailability: 'GetAvailabilityResponse',
  putAvailability: 'PutAvailabilityResponse',
  getPreferences: 'GetPreferencesResponse',
  putPreferences: 'PutPreferencesResponse',
  getConsent: 'GetConsentResponse',
  putConsent: 'PutConsentResponse',
  acceptJobs: 'AcceptJobsResponse',
  declineJobs: 'DeclineJobsResponse',
  completeJobs: 'CompleteJobsResponse',
}

let ajv: Ajv2020 | null = null

function schemas(): Ajv2020 {
  if (ajv) return ajv
  const doc = parse(readFileSync(join(import.meta.dirname, '../../../resources/api/talent-v1.yaml'), 'utf8')) as unknown
  ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats(ajv)
  ajv.addSchema(doc as object, 'talent-v1.yaml')
  return ajv
}

/** Validate an operation's success fields (wrapped in the success envelope) against the OpenAPI schema. */
export function validateResponse(op: OperationId, fields: Record<string, unknown>): string[] {
  const validate = schemas().getSchema(`talent-v1.yaml#/components/schemas/${RESPONSE_SCHEMA[op]}`)
  if (!validate) throw new Error(`schema ${RESPONSE_SCHEMA[op]} not found in the OpenAPI document`)
  const ok = validate({ ok: true, api_version: '1', ...fields })
  return ok
    ? []
    : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''} ${JSON.stringify(e.params)}`)
}
