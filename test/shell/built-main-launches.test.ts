/**
 * More launches of the built Electron entry with the stand-in for `electron` (see built-main.test.ts):
 * the single-instance lock, and where the page comes from in development and packaged runs.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bridgeCall as call, launchBuiltMain, requireBuiltBundles } from './shell-process'
import { lockDataFolder } from '../../main/storage/data-folder-lock'

interface ShellState {
  calls: Array<{ api: string; title?: string; content?: string }>
  channels: string[]
  protocols: string[]
  windows: Array<{ loaded: string[] }>
  quit: { requested: number }
}

const APP_PAGE = 'booth://app/index.html'
const folders: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'booth-shell-'))
  folders.push(dir)
  return dir
}

beforeAll(() => requireBuiltBundles())
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true })
})

describe('one Booth at a time', () => {
  it('a second launch quits at once and opens nothing', async () => {
    const second = await launchBuiltMain({ userData: tempDir(), env: { STANDIN_LOCK: 'held' } })
    try {
      expect(second.loaded).toEqual({ type: 'loaded' })
      const s = await second.request<ShellState>('state')
      expect(s.calls.map((c) => c.api)).toContain('app.requestSingleInstanceLock')
      expect(s.quit.requested).toBe(1)
      expect(s.windows).toEqual([])
      expect(s.channels).toEqual([])
      expect(s.protocols).toEqual([])
      expect(await second.exit(10_000)).toBe(0)
    } finally {
      second.kill()
    }
  })

  it('the running one brings its window forward when a second is started', async () => {
    const first = await launchBuiltMain({ userData: tempDir() })
    try {
      await first.request('ready')
      const { calls } = await first.request<{ calls: string[] }>('secondInstance')
      expect(calls).toContain('BrowserWindow.focus')
      await first.request('quit')
      expect(await first.exit(10_000)).toBe(0)
    } finally {
      first.kill()
    }
  })
})

describe('one Booth per data folder', () => {
  it('a desktop launch on a data folder the web host holds says so in a dialog and quits without a window', async () => {
    const userData = tempDir()
    // The web host (here: this test process, which is alive) holds the folder.
    const held = await lockDataFolder(userData, { kind: 'web host' })
    await held.describe({ kind: 'web host', url: 'http://127.0.0.1:4780/' })
    const desktop = await launchBuiltMain({ userData })
    try {
      await desktop.request('readyOrQuit')
      const s = await desktop.request<ShellState>('state')
      const box = s.calls.find((c) => c.api === 'dialog.showErrorBox')
      expect(box?.title).toBe('Booth is already running')
      expect(box?.content).toMatch(
        /^Booth is already running on this data folder \(.+\): the web host at http:\/\/127\.0\.0\.1:4780\/ \(process \d+, since \d\d:\d\d\)\./,
      )
      expect(s.quit.requested).toBe(1)
      expect(s.windows).toEqual([])
      expect(s.channels).toEqual([])
      expect(await desktop.exit(10_000)).toBe(0)
    } finally {
      desktop.kill()
      await held.release()
    }
  })

  it('the desktop app holds its data folder while it runs and lets it go when it quits', async () => {
    const userData = tempDir()
    const desktop = await launchBuiltMain({ userData })
    try {
      await desktop.request('ready')
      await expect(lockDataFolder(userData, { kind: 'web host' })).rejects.toThrow(/the desktop app \(process \d+/)
      await desktop.request('quit')
      expect(await desktop.exit(10_000)).toBe(0)
      await (await lockDataFolder(userData, { kind: 'web host' })).release()
    } finally {
      desktop.kill()
    }
  })
})

describe('a development run (unpackaged, electron-vite dev server)', () => {
  it('loads the dev server and accepts calls only from its top frame', async () => {
    const dev = await launchBuiltMain({
      userData: tempDir(),
      env: { STANDIN_PACKAGED: '0', ELECTRON_RENDERER_URL: 'http://localhost:5173/' },
    })
    try {
      await dev.request('ready')
      const s = await dev.request<ShellState>('state')
      expect(s.windows[0]!.loaded).toEqual(['http://localhost:5173/'])
      expect(await call(dev, { kind: 'app-top' }, 'getSession', {})).toMatchObject({ ok: true })
      expect(await call(dev, { kind: 'top', url: APP_PAGE }, 'getSession', {})).toMatchObject({
        ok: false,
        error: { kind: 'refused' },
      })
      expect(await call(dev, { kind: 'sub', url: 'http://localhost:5173/' }, 'getSession', {})).toMatchObject({
        ok: false,
        error: { kind: 'refused' },
      })
      await dev.request('quit')
      expect(await dev.exit(10_000)).toBe(0)
    } finally {
      dev.kill()
    }
  })

  it('a packaged app ignores ELECTRON_RENDERER_URL', async () => {
    const packaged = await launchBuiltMain({
      userData: tempDir(),
      env: { ELECTRON_RENDERER_URL: 'https://evil.example/' },
    })
    try {
      await packaged.request('ready')
      const s = await packaged.request<ShellState>('state')
      expect(s.windows[0]!.loaded).toEqual([APP_PAGE])
      await packaged.request('quit')
      expect(await packaged.exit(10_000)).toBe(0)
    } finally {
      packaged.kill()
    }
  })
})
