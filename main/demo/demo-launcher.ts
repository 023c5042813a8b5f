/**
 * Demo mode: Booth's own sandbox of the talent API, started inside main on a free loopback port with its
 * own data folder, so every feature works with nothing set up. The demo key lives in memory only.
 * The entry points (main/index.ts, main/web.ts) start it and hand it to the session as a port, so
 * session/ does not carry the API simulator.
 */
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { startSandbox } from '../../sandbox/server'
import type { DemoServer } from '../session/session-service'

export interface DemoOptions {
  dataDir: string
  /** How often the simulated producer acts; false turns it off (tests). */
  producer?: { intervalMs: number } | false
  log?: (line: string) => void
}

export async function startDemoServer(opts: DemoOptions): Promise<DemoServer> {
  const apiKey = `demo_${randomBytes(18).toString('base64url')}`
  const sandbox = await startSandbox({
    port: 0,
    keys: [{ token: apiKey, scopes: '*' }],
    dataDir: join(opts.dataDir, 'demo'),
    producer: opts.producer ?? { intervalMs: 90_000 },
    ...(opts.log ? { log: opts.log } : {}),
  })
  return { baseUrl: sandbox.url, apiKey, stop: () => sandbox.close() }
}
