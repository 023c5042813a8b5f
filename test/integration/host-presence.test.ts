/**
 * The page's bridge to the web host (renderer/src/bridge/http-transport.ts, run here in Node against a real
 * `main/web.ts` process): a host that hangs (SIGSTOP) is taken for gone once it has been silent for
 * SILENCE_MS, and found again when it goes on (SIGCONT); a killed one is gone at once, and a call to it
 * says Booth is not running.
 */
import { afterAll, expect, it } from 'vitest'
import { createHttpTransport, HOST_GONE_MESSAGE, SILENCE_MS } from '../../renderer/src/bridge/http-transport'
import { startWebHostOn, type WebHostProcess } from '../e2e/support/web-host-process'
import type { HostPresence } from '../../shared/bridge'
import { removeTempDirs, tempDir } from './harness'

const hosts: WebHostProcess[] = []
afterAll(async () => {
  for (const h of hosts) {
    try {
      process.kill(h.pid, 'SIGCONT')
    } catch {
      // Already gone.
    }
    await h.kill()
  }
  await removeTempDirs()
})

/** Resolves with the time it took until `presence` became `want`. */
function until(seen: HostPresence[], want: HostPresence, withinMs: number): Promise<number> {
  const start = Date.now()
  return new Promise((resolve, reject) => {
    const tick = setInterval(() => {
      if (seen.at(-1) === want) {
        clearInterval(tick)
        resolve(Date.now() - start)
      } else if (Date.now() - start > withinMs) {
        clearInterval(tick)
        reject(new Error(`presence did not become ${want} within ${withinMs} ms (saw ${seen.join(', ') || 'nothing'})`))
      }
    }, 50)
  })
}

it('a hung host is taken for gone after its silence and found again when it goes on; a killed one is gone at once', async () => {
  const host = await startWebHostOn(await tempDir('presence'), { BOOTH_API_KEY: '' })
  hosts.push(host)
  const url = new URL(host.launchUrl)
  const token = /#t=(.+)$/.exec(host.launchUrl)?.[1] ?? ''
  const transport = createHttpTransport(token, { base: url.origin })
  const seen: HostPresence[] = []
  transport.onPresence?.((p) => seen.push(p))
  // The stream is open and pinging: nothing to report for a while.
  await new Promise((r) => setTimeout(r, 4_000))
  expect(seen).toEqual([])

  process.kill(host.pid, 'SIGSTOP')
  await until(seen, 'down', SILENCE_MS + 8_000)
  process.kill(host.pid, 'SIGCONT')
  await until(seen, 'up', 15_000)
  expect(await transport.call('getSession', {})).toBeTruthy()

  await host.kill()
  await until(seen, 'down', 3_000)
  await expect(transport.call('getSession', {})).rejects.toMatchObject({
    kind: 'unavailable',
    message: HOST_GONE_MESSAGE,
  })
}, 90_000)
