/**
 * The set-up shared by the integration tests that mangle the real sandbox's answers: one sandbox with a
 * key of every scope and no practical rate limit, Booth's fault proxy in front of it, and cores signed in
 * through the proxy (each closed after its test, the proxy's rules cleared).
 */
import { afterAll, afterEach, beforeAll } from 'vitest'
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy'
import {
  makeCore,
  pollOnce,
  removeTempDirs,
  startTestSandbox,
  tempDir,
  type TestCore,
  type TestSandbox,
} from './harness'

export interface ProxiedCore {
  readonly sandbox: TestSandbox
  readonly proxy: FaultProxy
  /** A fresh core on its own data folder, signed in through the proxy and polled once. */
  signedIn(): Promise<{ t: TestCore; dataDir: string }>
  /** A core made by the test itself, closed after it like the others. */
  adopt(t: TestCore): TestCore
}

/** Registers the hooks of one test file; `name` names its temp folders, `key` is the sandbox's key. */
export function useProxiedCore(name: string, key: string): ProxiedCore {
  let sandbox: TestSandbox | null = null
  let proxy: FaultProxy | null = null
  const cores: TestCore[] = []
  beforeAll(async () => {
    sandbox = await startTestSandbox({
      dataDir: await tempDir(`${name}-sandbox`),
      keys: [{ token: key, scopes: '*' }],
      rateLimit: { limit: 100_000, windowMs: 60_000 },
    })
    proxy = await startFaultProxy({ upstream: sandbox.url })
  })
  afterEach(async () => {
    proxy?.clearRules()
    await Promise.all(cores.splice(0).map((t) => t.core.close()))
  })
  afterAll(async () => {
    await proxy?.close()
    await sandbox?.close()
    await removeTempDirs()
  })
  const started = <T>(x: T | null): T => {
    if (x === null) throw new Error('the sandbox and proxy start in beforeAll')
    return x
  }
  return {
    get sandbox() {
      return started(sandbox)
    },
    get proxy() {
      return started(proxy)
    },
    adopt(t) {
      cores.push(t)
      return t
    },
    async signedIn() {
      const dataDir = await tempDir(`${name}-core`)
      const t = await makeCore({ dataDir })
      cores.push(t)
      await t.core.start({ autoDemo: false })
      await t.core.handlers.signIn({ baseUrl: started(proxy).url, apiKey: key })
      await pollOnce(t)
      return { t, dataDir }
    },
  }
}
