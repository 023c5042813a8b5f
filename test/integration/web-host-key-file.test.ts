/**
 * The API key given to the built web host (a real process) without the environment: --api-key-file with a
 * private file signs in to the service, and the key is neither in the host's environment block
 * (/proc/PID/environ, as another program of the same user reads it) nor left on disk. Given as
 * BOOTH_API_KEY it is there (the limit docs/security.md names), and Booth says so.
 */
import { request } from 'node:http'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startWebHostOn, type WebHostProcess } from '../e2e/support/web-host-process'
import type { SessionState } from '../../shared/bridge'
import { removeTempDirs, startTestSandbox, tempDir, type TestSandbox } from './harness'

const KEY = 'keyfile-0123456789abcdef'
let own: TestSandbox
const hosts: WebHostProcess[] = []
beforeAll(async () => {
  own = await startTestSandbox({ dataDir: await tempDir('key-file-sandbox'), keys: [{ token: KEY, scopes: '*' }] })
})
afterAll(async () => {
  for (const h of hosts) await h.kill()
  await own.close()
  await removeTempDirs()
})

function session(launchUrl: string): Promise<SessionState> {
  const url = new URL(launchUrl)
  const token = url.hash.slice('#t='.length)
  return new Promise((resolve, reject) => {
    request(
      {
        host: url.hostname,
        port: url.port,
        path: '/bridge/call/getSession',
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-booth-token': token },
      },
      (res) => {
        let body = ''
        res.on('data', (c) => (body += c))
        res.on('end', () => resolve((JSON.parse(body) as { result: SessionState }).result))
      },
    )
      .on('error', reject)
      .end('{"args":{}}')
  })
}

const environ = (pid: number) => readFileSync(`/proc/${pid}/environ`, 'latin1')

it.runIf(process.platform === 'linux')(
  'a key from --api-key-file signs in, and is in no environment block and no longer on disk',
  async () => {
    const dir = await tempDir('key-file')
    const file = join(dir, 'api-key')
    writeFileSync(file, `${KEY}\n`, { mode: 0o600 })
    const host = await startWebHostOn(join(dir, 'data'), { BOOTH_API_KEY: '' }, [
      '--base-url',
      own.url,
      '--api-key-file',
      file,
    ])
    hosts.push(host)
    expect(await session(host.launchUrl)).toMatchObject({ mode: 'signed_in', baseUrl: own.url })
    const env = environ(host.pid)
    expect(env).toContain('BOOTH_FAIL_ON_LAST_RESORT=1') // the block is read, and it is this host's
    expect(env).not.toContain(KEY)
    expect(existsSync(file), 'the key file is read once and deleted').toBe(false)
    expect(host.output()).not.toContain(KEY)
    expect(host.output()).not.toContain('BOOTH_API_KEY')
  },
  60_000,
)

it.runIf(process.platform === 'linux')(
  'a key from BOOTH_API_KEY stays in the environment block Booth started with, and Booth says so',
  async () => {
    const dir = await tempDir('key-env')
    const host = await startWebHostOn(join(dir, 'data'), { BOOTH_API_KEY: KEY }, ['--base-url', own.url])
    hosts.push(host)
    expect(await session(host.launchUrl)).toMatchObject({ mode: 'signed_in' })
    expect(environ(host.pid)).toContain(`BOOTH_API_KEY=${KEY}`)
    expect(host.output()).toContain('--api-key-file keeps it out of every environment')
    expect(host.output()).not.toContain(KEY)
  },
  60_000,
)
