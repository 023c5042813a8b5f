/**
 * The small Electron-binding modules in main/shell/, driven with plain objects: the IPC sender check,
 * where the page comes from, the booth:// path mapping and the quit sequence. Arbitrary URLs and paths go
 * through fast-check.
 */
import fc from 'fast-check'
import { EventEmitter } from 'node:events'
import { isAbsolute, join, relative, sep } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import {
  answerBridgeCall,
  answerFileGrant,
  bindBridgeIpc,
  isAppTopFrame,
  REFUSED_SENDER_MESSAGE,
  type FrameLike,
} from '../../main/shell/bridge-ipc'
import { rendererFilePath } from '../../main/shell/app-protocols'
import { stopServicesBeforeQuit } from '../../main/shell/quit-cleanup'
import { rendererLocation } from '../../main/shell/renderer-location'
import { createLog, type LogEntry } from '../../main/logging/redacting-log'
import { BridgeArgumentError } from '../../shared/check'
import { IPC_CALL, IPC_FILE } from '../../shared/ipc-channels'
import { FileGrants } from '../../main/security/file-grants'

const top = (url: string): FrameLike => ({ url, parent: null })
const sub = (url: string): FrameLike => ({ url, parent: top('booth://app/index.html') })

describe('isAppTopFrame', () => {
  it('accepts the app’s own top frame, whatever page of it', () => {
    for (const url of [
      'booth://app/index.html',
      'booth://app/',
      'booth://app/index.html#/jobs/1?x=1',
      'BOOTH://APP/index.html',
    ]) {
      expect(isAppTopFrame(top(url), 'booth://app'), url).toBe(true)
    }
    expect(isAppTopFrame(top('http://localhost:5173/'), 'http://localhost:5173')).toBe(true)
  })

  it('refuses sub-frames, missing frames and every other scheme, host or port', () => {
    expect(isAppTopFrame(sub('booth://app/index.html'), 'booth://app')).toBe(false)
    expect(isAppTopFrame(null, 'booth://app')).toBe(false)
    expect(isAppTopFrame(undefined, 'booth://app')).toBe(false)
    for (const url of [
      'booth://app.evil/',
      'booth://evil/',
      'booth-media://app/',
      'http://app/',
      'file:///app/index.html',
      '',
      'null',
      'booth:app/index.html',
      'http://localhost:5174/',
      'http://127.0.0.1:5173/',
      'booth://user@app/',
    ]) {
      expect(isAppTopFrame(top(url), url.startsWith('http') ? 'http://localhost:5173' : 'booth://app'), url).toBe(false)
    }
  })

  it('never accepts a URL whose scheme and host differ from the app’s (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.webUrl(), fc.string(), fc.constantFrom('booth://app', 'booth://app/x')), (url) => {
        let expected: boolean
        try {
          const u = new URL(url)
          expected = u.protocol === 'booth:' && u.host.toLowerCase() === 'app' && u.username === '' && u.password === ''
        } catch {
          expected = false
        }
        return isAppTopFrame(top(url), 'booth://app') === expected && !isAppTopFrame(sub(url), 'booth://app')
      }),
      { numRuns: 500 },
    )
  })
})

describe('answerBridgeCall', () => {
  const entries: LogEntry[] = []
  const log = createLog({ sink: { write: (e) => entries.push(e) } })
  const dispatch = vi.fn(async (name: string) => {
    if (name === 'bad') throw new BridgeArgumentError('jobId must be text.')
    if (name === 'boom') throw new Error('secret internals')
    return name === 'nothing' ? undefined : { called: name }
  })
  const deps = { appOrigin: 'booth://app', dispatch, log }
  const fromApp = { senderFrame: top('booth://app/index.html') }

  it('answers the app’s frame, turns undefined into null, and describes failures in a sentence', async () => {
    expect(await answerBridgeCall(fromApp, 'getSession', {}, deps)).toEqual({
      ok: true,
      result: { called: 'getSession' },
    })
    expect(await answerBridgeCall(fromApp, 'nothing', {}, deps)).toEqual({ ok: true, result: null })
    expect(await answerBridgeCall(fromApp, 'bad', {}, deps)).toEqual({
      ok: false,
      error: { kind: 'bad_request', message: 'jobId must be text.' },
    })
    const internal = await answerBridgeCall(fromApp, 'boom', {}, deps)
    expect(internal).toMatchObject({ ok: false, error: { kind: 'internal' } })
    expect(JSON.stringify(internal)).not.toContain('secret internals')
    expect(await answerBridgeCall(fromApp, 7, {}, deps)).toMatchObject({ ok: false, error: { kind: 'bad_request' } })
  })

  it('refuses another frame before the dispatcher sees anything, and logs it', async () => {
    dispatch.mockClear()
    expect(await answerBridgeCall({ senderFrame: sub('booth://app/index.html') }, 'getSession', {}, deps)).toEqual({
      ok: false,
      error: { kind: 'refused', message: REFUSED_SENDER_MESSAGE },
    })
    expect(await answerBridgeCall({ senderFrame: null }, 'getSession', {}, deps)).toMatchObject({
      ok: false,
      error: { kind: 'refused' },
    })
    expect(dispatch).not.toHaveBeenCalled()
    expect(entries.some((e) => e.level === 'warn' && /refused a bridge call/.test(e.message))).toBe(true)
  })

  it("registers the bridge channel, and the dropped files' channel only when given the grants", () => {
    const handle = vi.fn()
    bindBridgeIpc({ handle }, deps)
    expect(handle.mock.calls.map((c) => c[0])).toEqual([IPC_CALL])
    const both = vi.fn()
    bindBridgeIpc({ handle: both }, { ...deps, files: new FileGrants() })
    expect(both.mock.calls.map((c) => c[0])).toEqual([IPC_CALL, IPC_FILE])
  })

  it("hands an id for a dropped file to Booth's own window only, and only for an absolute path", () => {
    const files = new FileGrants()
    const granted = answerFileGrant({ senderFrame: top('booth://app/index.html') }, '/home/t/take.wav', {
      ...deps,
      files,
    })
    expect(granted.ok).toBe(true)
    expect(files.take((granted as { result: string }).result)).toBe('/home/t/take.wav')
    expect(
      answerFileGrant({ senderFrame: sub('booth://app/index.html') }, '/home/t/take.wav', { ...deps, files }),
    ).toMatchObject({ ok: false, error: { kind: 'refused' } })
    for (const path of ['', 'take.wav', 42, null])
      expect(answerFileGrant({ senderFrame: top('booth://app/index.html') }, path, { ...deps, files })).toMatchObject({
        ok: false,
        error: { kind: 'bad_request' },
      })
  })
})

describe('rendererLocation', () => {
  it('is booth://app when packaged or without a dev server', () => {
    const app = { origin: 'booth://app', startUrl: 'booth://app/index.html' }
    expect(rendererLocation({ devServerUrl: undefined, packaged: false })).toEqual(app)
    expect(rendererLocation({ devServerUrl: 'http://localhost:5173/', packaged: true })).toEqual(app)
    expect(rendererLocation({ devServerUrl: 'https://evil.example/', packaged: true })).toEqual(app)
  })

  it('is the dev server in an unpackaged run, which must be on this computer', () => {
    expect(rendererLocation({ devServerUrl: 'http://localhost:5173/', packaged: false })).toEqual({
      origin: 'http://localhost:5173',
      startUrl: 'http://localhost:5173/',
    })
    expect(() => rendererLocation({ devServerUrl: 'https://evil.example/', packaged: false })).toThrow(
      /on this computer/,
    )
    expect(() => rendererLocation({ devServerUrl: 'not a url', packaged: false })).toThrow(/dev server's address/)
    expect(() => rendererLocation({ devServerUrl: 'file:///index.html', packaged: false })).toThrow(/http\(s\)/)
  })
})

describe('rendererFilePath', () => {
  const dir = join(sep, 'app', 'out', 'renderer')

  it('maps booth://app paths into the renderer folder, / to index.html', () => {
    expect(rendererFilePath(dir, 'booth://app/')).toBe(join(dir, 'index.html'))
    expect(rendererFilePath(dir, 'booth://app/assets/index-1.js')).toBe(join(dir, 'assets', 'index-1.js'))
    expect(rendererFilePath(dir, 'booth://app/a%20b.css')).toBe(join(dir, 'a b.css'))
    // A name that merely starts with two dots is a file inside, not a way out.
    expect(rendererFilePath(dir, 'booth://app/..%20/x')).toBe(join(dir, '.. ', 'x'))
  })

  it('refuses other hosts, bad encodings, NUL and anything outside the folder', () => {
    for (const url of [
      'booth://other/index.html',
      'booth://app/%E0%A4%A',
      'booth://app/x%00.js',
      'booth://app/..%2f..%2fetc%2fpasswd',
      'booth://app/%2e%2e%2fsecret',
      'https://app/index.html',
    ]) {
      expect(rendererFilePath(dir, url), url).toBeNull()
    }
  })

  it('never leaves the folder, whatever the path (property)', () => {
    const segment = fc.oneof(
      fc.constantFrom('..', '.', '%2e%2e', '..%2f', '%2f', '%5c', '%00', 'assets', 'index.html', ''),
      fc.string({ maxLength: 8 }),
    )
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 8 }), (parts) => {
        const file = rendererFilePath(dir, `booth://app/${parts.join('/')}`)
        if (file === null) return true
        const rel = relative(dir, file)
        return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel) && !rel.includes('\0')
      }),
      { numRuns: 1000 },
    )
  })
})

describe('stopServicesBeforeQuit', () => {
  function fakeApp() {
    const app = Object.assign(new EventEmitter(), {
      quits: 0,
      quit() {
        app.quits += 1
        const event = {
          prevented: false,
          preventDefault() {
            this.prevented = true
          },
        }
        app.emit('will-quit', event)
        return event.prevented
      },
    })
    return app
  }

  it('holds the first quit until the services have stopped, then quits once more', async () => {
    const app = fakeApp()
    let release!: () => void
    const stop = vi.fn(() => new Promise<void>((r) => (release = r)))
    stopServicesBeforeQuit(app, { stop, onProblem: vi.fn() })
    expect(app.quit()).toBe(true)
    await vi.waitFor(() => expect(stop).toHaveBeenCalledTimes(1))
    expect(app.quit()).toBe(true)
    expect(stop).toHaveBeenCalledTimes(1)
    release()
    await vi.waitFor(() => expect(app.quits).toBe(3))
  })

  it('quits anyway when stopping fails or hangs', async () => {
    const failing = fakeApp()
    const problems: string[] = []
    stopServicesBeforeQuit(failing, {
      stop: async () => Promise.reject(new Error('disk gone')),
      onProblem: (m) => problems.push(m),
    })
    failing.quit()
    await vi.waitFor(() => expect(failing.quits).toBe(2))
    const hanging = fakeApp()
    stopServicesBeforeQuit(hanging, {
      stop: () => new Promise(() => undefined),
      onProblem: (m) => problems.push(m),
      timeoutMs: 30,
    })
    hanging.quit()
    await vi.waitFor(() => expect(hanging.quits).toBe(2))
    expect(problems).toEqual([
      'a service failed to stop while quitting',
      'Booth’s services did not stop in time; quitting anyway',
    ])
  })
})
