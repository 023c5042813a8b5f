/**
 * Starts Booth's web host (demo mode, fresh data folder) for end-to-end tests and gives the launch URL.
 * Console errors in the page fail the test that caused them.
 */
import { test as base, expect, type Page } from '@playwright/test'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface BoothHost {
  launchUrl: string
  origin: string
  dataDir: string
}

export async function startBooth(env: Record<string, string> = {}, extraArgs: string[] = []): Promise<BoothHost & { stop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'booth-e2e-'))
  // Node itself (not npx) so that stopping the child stops Booth, leaving no orphan behind.
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'main/web.ts', '--port', '0', '--data-dir', dataDir, ...extraArgs], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const launchUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Booth did not start within 30 s:\n${output}`)), 30_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /Booth is running at (\S+)/.exec(output)
      if (match?.[1]) {
        clearTimeout(timer)
        resolve(match[1])
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', (c: Buffer) => (output += c.toString()))
    child.once('exit', (code) => reject(new Error(`Booth exited (${code}) before it was ready:\n${output}`)))
  })
  return {
    launchUrl,
    origin: new URL(launchUrl).origin,
    dataDir,
    stop: async () => {
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export function trackConsoleErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text())
  })
  page.on('pageerror', (err) => errors.push(err.message))
  return errors
}

type RunningBooth = BoothHost & { stop(): Promise<void> }

/**
 * A test with a Booth per spec file (demo mode, fresh data) and a page whose console errors fail the test.
 * Per file, not per worker: the demo key's rate limit (120 calls a minute) is then spent by one file's
 * tests only, so a busy file never makes the next one wait out a 429.
 */
export const test = base.extend<{ consoleErrors: string[]; booth: BoothHost }, { boothPerFile: { get(file: string): Promise<BoothHost> } }>({
  boothPerFile: [
    // Playwright reads the fixture's dependencies from this destructuring; this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      let current = null as { file: string; booth: RunningBooth } | null
      await use({
        get: async (file) => {
          if (current?.file !== file) {
            await current?.booth.stop()
            current = { file, booth: await startBooth() }
          }
          return current.booth
        },
      })
      await current?.booth.stop()
    },
    { scope: 'worker' },
  ],
  booth: async ({ boothPerFile }, use, testInfo) => {
    await use(await boothPerFile.get(testInfo.file))
  },
  consoleErrors: async ({ page }, use) => {
    const errors = trackConsoleErrors(page)
    await use(errors)
    expect(errors, 'console errors during the test').toEqual([])
  },
})

export { expect }

export const SCREENSHOTS = join(process.cwd(), 'test-results', 'screenshots')
