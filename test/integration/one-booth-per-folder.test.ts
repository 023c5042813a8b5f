/**
 * One Booth per data folder, with real web host processes (`main/web.ts`, demo mode): a second start on
 * the folder says which Booth runs there and ends; a Booth killed with SIGKILL leaves a lock that does not
 * block the next start.
 */
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { startWebHostOn, type WebHostProcess } from '../e2e/support/web-host-process'
import { removeTempDirs, tempDir } from './harness'
import { webHostArgs } from '../support/web-host-command'

const ROOT = join(import.meta.dirname, '..', '..')
const running: WebHostProcess[] = []

afterAll(async () => {
  for (const host of running) await host.kill()
  await removeTempDirs()
})

/** A start expected to end by itself: its exit code and everything it printed. */
function startExpectingExit(dataDir: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, webHostArgs(['--port', '0', '--data-dir', dataDir]), {
    cwd: ROOT,
    env: { ...process.env, BOOTH_API_KEY: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    }),
  )
}

it('a second web host on the same data folder says Booth already runs there (with its address) and ends; after a SIGKILL the next start runs', async () => {
  const dataDir = await tempDir('one-booth')
  const first = await startWebHostOn(dataDir, { BOOTH_API_KEY: '' })
  running.push(first)
  const firstUrl = new URL(first.launchUrl)

  const second = await startExpectingExit(dataDir)
  expect(second.code).toBe(3)
  expect(second.stdout).not.toMatch(/Booth is running at/)
  expect(second.stderr).toContain('Booth is already running on this data folder')
  expect(second.stderr).toContain(`the web host at ${firstUrl.origin}/`)
  expect(second.stderr).toContain(`process ${first.pid}`)

  await first.kill()
  const third = await startWebHostOn(dataDir, { BOOTH_API_KEY: '' })
  running.push(third)
  expect(third.launchUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#t=/)
  await third.stop()
}, 120_000)
