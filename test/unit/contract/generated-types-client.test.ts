// The generated types drive openapi-fetch as the client will: real HTTP on 127.0.0.1, answers checked by Ajv.
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import createClient from 'openapi-fetch'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { paths, SchemaJobSummary } from '../../../shared/api/talent-v1'
import { createValidator, loadDocument } from './talent-contract'
import * as sample from './seed-samples'

interface Seen {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}

const v = createValidator(loadDocument())
const seen: Seen[] = []
let server: Server
let baseUrl = ''

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8')
    })
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body })
      res.setHeader('content-type', 'application/json')
      if (req.url?.startsWith('/api/v1/jobs?')) {
        res.end(JSON.stringify(sample.listJobsResponse()))
      } else if (req.url === '/api/v1/jobs/complete') {
        const ids = (JSON.parse(body) as { job_ids: string[] }).job_ids
        res.end(
          JSON.stringify({
            ok: true,
            api_version: '1',
            results: ids.map((job_id) => ({ job_id, outcome: 'completed', job: { ...sample.jobSummary(), job_id } })),
          }),
        )
      } else {
        res.statusCode = 404
        res.end(JSON.stringify({ ok: false, api_version: '1', error: 'not_found', message: 'No such path.' }))
      }
    })
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`
})

afterAll(() => new Promise<void>((done) => server.close(() => done())))

describe('generated types with openapi-fetch', () => {
  it('send listJobs query values and leave null ones out', async () => {
    const client = createClient<paths>({ baseUrl })
    const { data, error } = await client.GET('/jobs', {
      params: { query: { tab: 'pending', page_size: 50, customer_id: null, q: 'bakery' } },
    })
    expect(error).toBeUndefined()
    const url = new URL(seen.at(-1)?.url ?? '', 'http://x')
    expect(Object.fromEntries(url.searchParams)).toEqual({ tab: 'pending', page_size: '50', q: 'bakery' })
    const items: SchemaJobSummary[] = data?.items ?? []
    expect(items[0]?.job_id).toBe('1042')
    expect(v.schema('ListJobsResponse')(data)).toBe(true)
  })

  it('send completeJobs with the Idempotency-Key header and the decided body', async () => {
    const client = createClient<paths>({ baseUrl })
    const { data } = await client.POST('/jobs/complete', {
      params: { header: { 'Idempotency-Key': 'complete_1042_abcdef' } },
      body: { job_ids: ['1042'], note: null },
    })
    const request = seen.at(-1)
    expect(request?.headers['idempotency-key']).toBe('complete_1042_abcdef')
    expect(v.schema('CompleteJobsRequest')(JSON.parse(request?.body ?? ''))).toBe(true)
    expect(data?.results[0]?.outcome).toBe('completed')
    expect(v.schema('CompleteJobsResponse')(data)).toBe(true)
  })

  it('surface the error envelope as the default response', async () => {
    const client = createClient<paths>({ baseUrl })
    const { data, error } = await client.GET('/jobs/{job_id}', { params: { path: { job_id: '999' } } })
    expect(data).toBeUndefined()
    expect(error?.error).toBe('not_found')
    expect(v.schema('ErrorEnvelope')(error)).toBe(true)
  })
})
