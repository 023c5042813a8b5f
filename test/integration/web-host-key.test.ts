/**
 * The tab key of the built web host (out/web/web.js, a real process): made afresh at every start, a start
 * after a crash (SIGKILL) on the same data folder and port included, and never written into the folder; a
 * tab from before (the old key) gets 401 from the new Booth, which proves itself for its own key only.
 */
import { request } from 'node:http'
import { readdir } from 'node:fs/promises'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { startWebHostOn, type WebHostProcess } from '../e2e/support/web-host-process'
import { freshNonce, proofChecks } from '../../renderer/src/bridge/host-proof'
import { removeTempDirs, tempDir } from './harness'

const hosts: WebHostProcess[] = []
afterAll(async () => {
  for (const h of hosts) await h.kill()
  await removeTempDirs()
})

function send(
  port: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port: Number(port), path, method, headers }, (res) => {
      let body = ''
      res.on('data', (c) => (body += c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
      .on('error', reject)
      .end(method === 'POST' ? '{"args":{}}' : undefined)
  })
}

const keyOf = (launchUrl: string) => /#t=([A-Za-z0-9_-]+)$/.exec(launchUrl)?.[1] ?? ''

async function provesFor(port: string, key: string): Promise<boolean> {
  const nonce = freshNonce()
  const answer = await send(port, `/bridge/hello?nonce=${nonce}`)
  return proofChecks(key, nonce, (JSON.parse(answer.body) as { result?: { proof?: string } }).result?.proof)
}

it('a Booth started again after a crash has a new key; the old one gets 401 and no proof', async () => {
  const dataDir = await tempDir('web-key')
  // What an older Booth left to keep its key across a crash is removed, not used.
  writeFileSync(join(dataDir, 'web-host.token'), `${'A'.repeat(32)}\n`)
  const first = await startWebHostOn(dataDir, { BOOTH_API_KEY: '' })
  hosts.push(first)
  const port = new URL(first.launchUrl).port
  const oldKey = keyOf(first.launchUrl)
  expect(oldKey).not.toBe('A'.repeat(32))
  const call = (key: string) =>
    send(port, '/bridge/call/getSession', { 'content-type': 'application/json', 'x-booth-token': key }, 'POST')
  expect((await call(oldKey)).status).toBe(200)
  expect(await provesFor(port, oldKey)).toBe(true)
  expect((await readdir(dataDir)).filter((n) => /token/.test(n))).toEqual([])

  await first.kill()
  const second = await startWebHostOn(dataDir, { BOOTH_API_KEY: '' }, ['--port', port])
  hosts.push(second)
  const newKey = keyOf(second.launchUrl)
  expect(new URL(second.launchUrl).port).toBe(port)
  expect(newKey).toMatch(/^[A-Za-z0-9_-]{32}$/)
  expect(newKey).not.toBe(oldKey)
  expect((await call(oldKey)).status).toBe(401)
  expect((await send(port, '/bridge/events', { 'x-booth-token': oldKey })).status).toBe(401)
  expect(await provesFor(port, oldKey)).toBe(false)
  expect(await provesFor(port, newKey)).toBe(true)
  expect((await call(newKey)).status).toBe(200)
  // Nor is it written down for a next start.
  expect((await readdir(dataDir)).filter((n) => /token/.test(n))).toEqual([])
}, 90_000)
