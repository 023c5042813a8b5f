/**
 * Helpers for contract tests of Booth's client against the real sandbox: start it with one all-scopes
 * key, upload a take over tus to get a delivery handle, and find seed jobs by what they allow.
 */
import { startSandbox, type RunningSandbox } from '../../sandbox/server'
import { createTalentClient, type TalentClient } from '../../main/api/client'
import type { ApiLogEvent } from '../../main/api/request-log'
import type { RetryOptions } from '../../main/api/retry-policy'
import type { components } from '../../shared/api/talent-v1'
import type { AsRead } from '../../shared/api-read'

export const TOKEN = 'booth_contract_test_token_0001'

export async function startTestSandbox(): Promise<RunningSandbox> {
  return startSandbox({
    port: 0,
    keys: [{ token: TOKEN, scopes: '*' }],
    producer: false,
    rateLimit: { limit: 100_000, windowMs: 60_000 },
    log: () => {},
  })
}

export interface ClientProbe {
  client: TalentClient
  events: ApiLogEvent[]
  sleeps: number[]
}

/** A client on the sandbox with instant, recorded back-off sleeps and a recorded log. */
export function probeClient(
  sandbox: RunningSandbox,
  retry: RetryOptions = {},
  token = TOKEN,
  onEvent: (event: ApiLogEvent) => void = () => {},
): ClientProbe {
  const events: ApiLogEvent[] = []
  const sleeps: number[] = []
  const client = createTalentClient({
    baseUrl: sandbox.url,
    apiKey: () => token,
    retry,
    timeoutMs: 10_000,
    sleep: async (ms) => {
      sleeps.push(ms)
    },
    random: () => 0.5,
    log: (e) => {
      events.push(e)
      onEvent(e)
    },
  })
  return { client, events, sleeps }
}

/** A 0.5 s mono 16-bit 48 kHz WAV of a quiet 440 Hz tone. */
export function toneWav(seconds = 0.5, rate = 48_000): Buffer {
  const samples = Math.round(seconds * rate)
  const data = Buffer.alloc(samples * 2)
  for (let i = 0; i < samples; i++)
    data.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), i * 2)
  const header = Buffer.alloc(44)
  header.write('RIFF', 0)
  header.writeUInt32LE(36 + data.length, 4)
  header.write('WAVEfmt ', 8)
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(1, 22)
  header.writeUInt32LE(rate, 24)
  header.writeUInt32LE(rate * 2, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36)
  header.writeUInt32LE(data.length, 40)
  return Buffer.concat([header, data])
}

/** Uploads bytes over tus 1.0 and returns the handle (the upload id). */
export async function uploadTake(sandbox: RunningSandbox, bytes: Buffer, fileName = 'take.wav'): Promise<string> {
  const b64 = (s: string) => Buffer.from(s).toString('base64')
  const auth = { Authorization: `Bearer ${TOKEN}`, 'Tus-Resumable': '1.0.0' }
  const created = await fetch(`${sandbox.url}/api/v1/uploads`, {
    method: 'POST',
    headers: {
      ...auth,
      'Upload-Length': String(bytes.length),
      'Upload-Metadata': `filename ${b64(fileName)},filetype ${b64('audio/wav')}`,
    },
  })
  const location = created.headers.get('location')
  if (created.status !== 201 || !location)
    throw new Error(`tus creation answered ${created.status}: ${await created.text()}`)
  const patched = await fetch(location, {
    method: 'PATCH',
    headers: { ...auth, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    body: new Uint8Array(bytes),
  })
  if (patched.status !== 204) throw new Error(`tus PATCH answered ${patched.status}: ${await patched.text()}`)
  const handle = new URL(location).pathname.split('/').pop() ?? ''
  if (!/^[0-9a-f]{32}$/.test(handle)) throw new Error(`tus Location ${location} does not end in a handle`)
  return handle
}

/** A job as the client answers it (through the door: enums may read 'unknown'). */
type JobDetail = AsRead<components['schemas']['JobDetail']>

/** Every job of the seed world in full (all tabs). */
export async function allJobs(client: TalentClient): Promise<JobDetail[]> {
  const out: JobDetail[] = []
  for (const tab of ['pending', 'completed', 'declined'] as const) {
    const page = await client.listJobs({ tab, page_size: 100 })
    for (const item of page.items) out.push((await client.getJob(item.job_id)).job)
  }
  return out
}

/** Collects unhandled rejections while a test file runs. */
export function watchUnhandledRejections(): { seen: unknown[]; stop: () => void } {
  const seen: unknown[] = []
  const onRejection = (reason: unknown) => seen.push(reason)
  process.on('unhandledRejection', onRejection)
  return { seen, stop: () => process.off('unhandledRejection', onRejection) }
}
