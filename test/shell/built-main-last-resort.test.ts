/**
 * The built Electron entry (out/main/index.js, under the stand-in for `electron`) installs main's last
 * resort: a promise rejected with nobody to handle it and an exception thrown from a timer are written to
 * the desktop log, and the app goes on answering. Without it either one would end the main process:
 * Booth quitting under the talent.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBuiltMain, requireBuiltBundles, type ShellProcess } from './shell-process'

let userData = ''
let shell: ShellProcess
beforeAll(async () => {
  requireBuiltBundles()
  userData = mkdtempSync(join(tmpdir(), 'booth-shell-resort-'))
  shell = await launchBuiltMain({ userData })
  expect(shell.loaded).toEqual({ type: 'loaded' })
  await shell.request('ready')
})
afterAll(async () => {
  shell?.kill()
  rmSync(userData, { recursive: true, force: true })
})

describe('the desktop main process and failures nothing handled', () => {
  it('logs them and keeps running', async () => {
    const r = await shell.request<{
      pid: number
      listeners: { unhandledRejection: number; uncaughtException: number }
    }>('failUnhandled')
    expect(r.listeners.unhandledRejection).toBeGreaterThanOrEqual(1)
    expect(r.listeners.uncaughtException).toBeGreaterThanOrEqual(1)
    // Still answering after both.
    const state = await shell.request<{ windows: unknown[] }>('state')
    expect(Array.isArray(state.windows)).toBe(true)
    const logFile = join(userData, 'logs', 'main.log')
    expect(existsSync(logFile)).toBe(true)
    const log = readFileSync(logFile, 'utf8')
    expect(log).toMatch(/a failure nothing handled reached the last resort; Booth keeps running/)
    expect(log).toMatch(/a failure nothing handled, from the shell test/)
    expect(log).toMatch(/an exception nothing caught reached the last resort; Booth keeps running/)
  })
})
