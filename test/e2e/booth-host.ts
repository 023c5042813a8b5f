/**
 * Starts Booth's web host (demo mode, fresh data folder) for end-to-end tests and gives the launch URL.
 * Console errors in the page fail the test that caused them.
 */
import { test as base, expect, type Page } from '@playwright/test'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startWebHostOn } from './support/web-host-process'

export interface BoothHost {
  launchUrl: string
  origin: string
  dataDir: string
}

/** Booth's web host on a fresh data folder, removed again when it stops. */
export async function startBooth(
  env: Record<string, string> = {},
  extraArgs: string[] = [],
): Promise<BoothHost & { stop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'booth-e2e-'))
  const host = await startWebHostOn(dataDir, env, extraArgs)
  return {
    launchUrl: host.launchUrl,
    origin: new URL(host.launchUrl).origin,
    dataDir,
    stop: async () => {
      await host.stop()
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

/** The warnings and errors in a data folder's log (with their stacks), to say why a page saw a failure. */
export function hostLogProblems(dataDir: string): string {
  const path = join(dataDir, 'logs', 'booth.log')
  if (!existsSync(path)) return `(Booth has logged nothing: there is no ${path})`
  const lines = readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => / (WARN|ERROR) /.test(l))
  return lines.length ? lines.slice(-20).join('\n') : '(the log has no warnings or errors)'
}

/**
 * A test with a Booth per spec file (demo mode, fresh data) and a page whose console errors fail the test.
 * Per file, not per worker: the demo key's rate limit (120 calls a minute) is then spent by one file's
 * tests only, so a busy file never makes the next one wait out a 429.
 */
export const test = base.extend<
  { consoleErrors: string[]; booth: BoothHost },
  { boothPerFile: { get(file: string): Promise<BoothHost>; current(): BoothHost | null } }
>({
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
        current: () => current?.booth ?? null,
      })
      await current?.booth.stop()
    },
    { scope: 'worker' },
  ],
  booth: async ({ boothPerFile }, use, testInfo) => {
    await use(await boothPerFile.get(testInfo.file))
  },
  consoleErrors: async ({ page, boothPerFile }, use, testInfo) => {
    const errors = trackConsoleErrors(page)
    await use(errors)
    // A page that saw a failure (a 500 from a bridge call) fails with what Booth logged about it.
    const booth = boothPerFile.current()
    const problems = errors.length > 0 && booth ? hostLogProblems(booth.dataDir) : null
    if (problems !== null) await testInfo.attach('booth-log-problems', { body: problems, contentType: 'text/plain' })
    expect(
      errors,
      `console errors during the test${problems !== null ? `; Booth's log says:\n${problems}` : ''}`,
    ).toEqual([])
  },
})

export { expect }

export const SCREENSHOTS = join(process.cwd(), 'test-results', 'screenshots')
