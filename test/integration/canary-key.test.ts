/**
 * The API key never leaves main's memory and the keychain: signed in with a canary key, Booth polls,
 * opens jobs, meets failing calls (injected faults, and a server that echoes the key back in its errors)
 * and signs out. Then the canary, raw, URL-encoded or base64, is in no file of the data folder (the log
 * file included), no event the hub emitted and no bridge result or error the page saw.
 */
import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDispatcher } from '../../main/bridge/dispatch'
import { describeAndLog } from '../../main/bridge/describe-error'
import { createFileSink } from '../../main/logging/log-file-sink'
import { createLog } from '../../main/logging/redacting-log'
import type { JobListView } from '../../shared/bridge'
import {
  filesUnder,
  makeCore,
  MemorySecretStore,
  PENDING,
  pollOnce,
  removeTempDirs,
  settle,
  startTestSandbox,
  tempDir,
  waitFor,
  type TestSandbox,
} from './harness'

// '+' and '/' make the URL-encoded and base64 forms differ from the raw text.
const CANARY = `cAnArY+${randomBytes(9).toString('hex')}/Zq9`

/** Every text form in which the key could leak. */
function canaryForms(): string[] {
  const raw = Buffer.from(CANARY)
  return [
    CANARY,
    encodeURIComponent(CANARY),
    raw.toString('base64'),
    raw.toString('base64url'),
    Buffer.from(`Bearer ${CANARY}`).toString('base64'),
    CANARY.slice(7, 25), // the random middle alone
  ]
}

function leaks(text: string): string[] {
  return canaryForms().filter((form) => text.includes(form))
}

let sandbox: TestSandbox
let echo: Server
let echoUrl: string

beforeAll(async () => {
  sandbox = await startTestSandbox({ dataDir: await tempDir('canary-sandbox'), keys: [{ token: CANARY, scopes: '*' }] })
  // A misbehaving server that repeats the credentials it was sent in its error answers.
  echo = createServer((req, res) => {
    const auth = req.headers.authorization ?? ''
    if (req.url?.includes('/me')) {
      res.writeHead(418, { 'content-type': 'application/json' })
      res.end(
        JSON.stringify({
          ok: false,
          api_version: '1',
          error: 'teapot',
          message: `Key ${auth} is not valid here (${auth.slice(7)})`,
        }),
      )
    } else {
      res.writeHead(502, { 'content-type': 'text/html' })
      res.end(`<html><body>Bad gateway for ${auth}</body></html>`)
    }
  })
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve))
  echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise<void>((resolve) => echo.close(() => resolve()))
  await sandbox.close()
  await removeTempDirs()
})

describe('the canary key', () => {
  it('is found by the leak check in each of its forms', () => {
    const raw = Buffer.from(CANARY)
    for (const text of [
      `a ${CANARY} b`,
      `?k=${encodeURIComponent(CANARY)}`,
      `x${raw.toString('base64')}`,
      raw.toString('base64url'),
    ]) {
      expect(leaks(text)).not.toEqual([])
    }
    expect(encodeURIComponent(CANARY)).not.toBe(CANARY)
    expect(leaks('[REDACTED] Bearer [REDACTED]')).toEqual([])
  })

  it('appears in no file, event or bridge answer after a session with failures', async () => {
    const dataDir = await tempDir('canary-core')
    const log = createLog({ sink: createFileSink({ dataDir }), level: 'debug' })
    const secrets = new MemorySecretStore()
    const t = await makeCore({ dataDir, secrets, log, retry: { maxAttempts: 2, baseDelayMs: 5, maxDelayMs: 20 } })
    const dispatch = createDispatcher(t.core.handlers)
    const seen: string[] = []
    /** A bridge call as the page makes it: its result, or the error the page is shown. */
    const call = async (name: string, args: unknown): Promise<unknown> => {
      try {
        const result = await dispatch(name, args)
        seen.push(JSON.stringify(result))
        return result
      } catch (err) {
        const failure = describeAndLog(err, log)
        seen.push(JSON.stringify(failure))
        return failure
      }
    }

    await t.core.start({ autoDemo: false })
    // A server that echoes the key: the refusal must not repeat it.
    const refused = await call('signIn', { baseUrl: echoUrl, apiKey: CANARY })
    expect(refused).toMatchObject({ kind: 'unreachable' })
    expect((refused as { message: string }).message).toMatch(
      /^Booth could not check the key: Key Bearer \[redacted\] is not valid here/,
    )
    expect(leaks((refused as { message: string }).message)).toEqual([])

    await call('signIn', { baseUrl: sandbox.url, apiKey: CANARY })
    expect(secrets.entries.get('api-key')).toBe(CANARY) // the key really was in use
    await waitFor('the first poll', () => t.eventsOf('jobs').length >= 1)
    const list = (await call('listJobs', PENDING)) as JobListView
    for (const job of list.items.slice(0, 4)) await call('getJob', { jobId: job.job_id })
    await call('watchJob', { jobId: list.items[0]?.job_id ?? null })
    await pollOnce(t)

    sandbox.setFaults(
      'unavailable=0.2,html=0.2,drop_before=0.1,drop_after=0.1,rate_limited=0.1,bad_gateway=0.1,seed=11',
    )
    for (let i = 0; i < 6; i++) {
      await call('refreshNow', {})
      await call('listJobs', PENDING)
      await call('getJob', { jobId: list.items[i % list.items.length]?.job_id ?? '1' })
    }
    await call('getNotificationSettings', {})
    await call('setNotificationSettings', { due_soon: false })
    await settle(t, 300)
    sandbox.setFaults('')
    await call('getSession', {})
    await call('signOut', {})
    await settle(t)

    const files = await filesUnder(dataDir)
    const logText = await readFile(`${dataDir}/logs/booth.log`, 'utf8')
    // The log did record the failures (so this test looks at something), only never the key.
    expect(logText).toMatch(/HTML page instead of the API|unavailable|could not/)
    expect(files.length).toBeGreaterThan(2)
    for (const file of files) expect(leaks(await readFile(file, 'latin1')), file).toEqual([])
    expect(t.events.length).toBeGreaterThan(10)
    for (const e of t.events) expect(leaks(JSON.stringify(e.data)), e.event).toEqual([])
    expect(seen.length).toBeGreaterThan(20)
    for (const text of seen) expect(leaks(text)).toEqual([])
    expect(secrets.entries.size).toBe(0)
    await t.core.close()
  })
})
