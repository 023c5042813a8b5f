import { EventEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import { contentSecurityPolicyDirectives } from '../../../main/security/content-security-policy'
import { checkExternalUrl, isAppUrl, originOf } from '../../../main/security/external-url'
import { decidePermissionCheck, decidePermissionRequest } from '../../../main/security/permission-policy'
import {
  buildContentSecurityPolicy,
  buildWindowOptions,
  hardenWindow,
  type PermissionCheckHandler,
  type PermissionRequestHandler,
  type PreventableEvent,
  type WebContentsLike,
} from '../../../main/security/window-security'

const APP = 'booth://app'

describe('buildWindowOptions', () => {
  it('locks every webPreference down and injects the preload path', () => {
    const options = buildWindowOptions({ preloadPath: '/opt/booth/out/preload/index.cjs' })
    expect(options.show).toBe(false)
    expect(options.webPreferences).toEqual({
      preload: '/opt/booth/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
      disableBlinkFeatures: 'Auxclick',
    })
  })

  it('refuses a relative preload path and silly sizes', () => {
    expect(() => buildWindowOptions({ preloadPath: 'preload.cjs' })).toThrow(/must be absolute; it was "preload.cjs"/)
    expect(() => buildWindowOptions({ preloadPath: '/p.cjs', width: 10 })).toThrow(/width must be a whole number ≥ 800/)
  })
})

describe('Content-Security-Policy', () => {
  const directives = (csp: string) =>
    new Map(
      csp.split('; ').map((part) => {
        const [name = '', ...values] = part.split(' ')
        return [name, values]
      }),
    )

  it('has every required directive and no way to run inline or evaluated script', () => {
    const csp = directives(buildContentSecurityPolicy())
    expect(csp.get('script-src')).toEqual(["'self'"])
    expect(csp.get('connect-src')).toEqual(["'self'"])
    expect(csp.get('media-src')).toEqual(["'self'", 'blob:', 'booth-media:'])
    expect(csp.get('object-src')).toEqual(["'none'"])
    expect(csp.get('frame-ancestors')).toEqual(["'none'"])
    expect(csp.get('base-uri')).toEqual(["'none'"])
    expect(csp.get('form-action')).toEqual(["'none'"])
    expect(csp.get('require-trusted-types-for')).toEqual(["'script'"])
    expect(csp.get('trusted-types')).toEqual(['booth', 'dompurify'])
    const all = buildContentSecurityPolicy()
    expect(all).not.toMatch(/unsafe-eval|wasm-unsafe-eval|\*|https:|http:/)
    const scriptish = [...csp].filter(([name]) => /script|default|worker/.test(name)).flatMap(([, v]) => v)
    expect(scriptish).not.toContain("'unsafe-inline'")
  })

  it('adds only the web host origin to connect-src, and refuses anything that is not an origin', () => {
    const csp = directives(buildContentSecurityPolicy({ webHostOrigin: 'http://127.0.0.1:4310' }))
    expect(csp.get('connect-src')).toEqual(["'self'", 'http://127.0.0.1:4310'])
    expect(() => buildContentSecurityPolicy({ webHostOrigin: 'http://127.0.0.1:4310/x' })).toThrow(
      /only scheme, host and port/,
    )
    expect(() => buildContentSecurityPolicy({ webHostOrigin: "'unsafe-inline'" })).toThrow(/must be a URL/)
    expect(() => buildContentSecurityPolicy({ webHostOrigin: 'file:///etc' })).toThrow(/http\(s\) URL with a host/)
    expect(() => contentSecurityPolicyDirectives({ mediaScheme: 'x; script-src *' })).toThrow(/lower-case URL scheme/)
  })
})

describe('checkExternalUrl', () => {
  it('allows plain http(s) links and passes on the normalised URL', () => {
    expect(checkExternalUrl('https://example.com/help?a=1#x')).toEqual({
      ok: true,
      url: 'https://example.com/help?a=1#x',
    })
    expect(checkExternalUrl('HTTP://Example.COM')).toEqual({ ok: true, url: 'http://example.com/' })
  })

  it.each([
    ['file:///etc/passwd', /not file:/],
    ['javascript:alert(1)', /not javascript:/],
    ['JaVaScRiPt:alert(1)', /not javascript:/],
    ['data:text/html,<script>alert(1)</script>', /not data:/],
    ['booth://app/index.html', /not booth:/],
    ['ms-msdt:/id%20PCWDiagnostic', /not ms-msdt:/],
    ['smb://server/share', /not smb:/],
    ['mailto:x@example.com', /not mailto:/],
    ['vbscript:msgbox', /not vbscript:/],
    ['https://user:pw@example.com/', /user name or password/],
    ['https://token@example.com/', /user name or password/],
    ['http://127.0.0.1:4310/api/shutdown', /this computer/],
    ['http://localhost/', /this computer/],
    ['http://2130706433/', /this computer/],
    ['http://0x7f.1/', /this computer/],
    ['http://[::1]/', /this computer/],
    ['http://[::ffff:127.0.0.1]/', /this computer/],
    ['http://app.localhost/', /this computer/],
    ['java\nscript:alert(1)', /control/],
    ['https://example.com/\u202egnp.exe', /direction/],
    [' https://example.com', /spaces/],
    ['//example.com/x', /not a complete URL/],
    ['example.com', /not a complete URL/],
    ['https://' + 'a'.repeat(2100) + '.com', /longer than 2048/],
    ['', /empty/],
  ])('refuses %s', (url, reason) => {
    const verdict = checkExternalUrl(url)
    expect(verdict.ok).toBe(false)
    if (!verdict.ok) expect(verdict.reason).toMatch(reason)
  })

  it('refuses non-strings', () => {
    expect(checkExternalUrl(undefined).ok).toBe(false)
    expect(checkExternalUrl({ toString: () => 'https://example.com' }).ok).toBe(false)
  })
})

describe('app origin', () => {
  it('compares scheme, host and port, including custom schemes Node calls "null"', () => {
    expect(originOf('booth://app/index.html#/jobs')).toBe('booth://app')
    expect(isAppUrl('booth://APP/jobs/1', APP)).toBe(true)
    expect(isAppUrl('booth://app.evil.com/', APP)).toBe(false)
    expect(isAppUrl('booth-evil://app/', APP)).toBe(false)
    expect(isAppUrl('http://127.0.0.1:5173/x', 'http://127.0.0.1:5173')).toBe(true)
    expect(isAppUrl('http://127.0.0.1:5174/x', 'http://127.0.0.1:5173')).toBe(false)
    expect(isAppUrl('file:///app/index.html', 'file:///app/index.html')).toBe(false)
  })
})

/** A stand-in for Electron's WebContents + Session that records what hardenWindow installs. */
function fakeContents() {
  const emitter = new EventEmitter()
  const installed: {
    open?: (details: { url: string }) => { action: string }
    request?: PermissionRequestHandler | null
    check?: PermissionCheckHandler | null
    device?: (details: unknown) => boolean
  } = {}
  const contents = {
    setWindowOpenHandler: (handler: (details: { url: string }) => { action: 'deny' } | { action: 'allow' }) => {
      installed.open = handler
    },
    // EventEmitter's loose listener type stands in for Electron's typed overloads
    on: ((event: string, listener: (...args: unknown[]) => void) =>
      emitter.on(event, listener)) as unknown as WebContentsLike['on'],
    session: {
      setPermissionRequestHandler: (handler: PermissionRequestHandler | null) => void (installed.request = handler),
      setPermissionCheckHandler: (handler: PermissionCheckHandler | null) => void (installed.check = handler),
      setDevicePermissionHandler: (handler: (details: unknown) => boolean) => void (installed.device = handler),
    },
  }
  const navigate = (name: string, url: string, legacy = false) => {
    let prevented = false
    const event: PreventableEvent = { preventDefault: () => void (prevented = true), ...(legacy ? {} : { url }) }
    emitter.emit(name, event, url)
    return prevented
  }
  return { contents, installed, navigate }
}

describe('hardenWindow', () => {
  const setup = () => {
    const opened: string[] = []
    const blocked: string[] = []
    const fake = fakeContents()
    hardenWindow(fake.contents, {
      appOrigin: APP,
      openExternal: async (url) => void opened.push(url),
      onBlocked: (what) => blocked.push(what),
    })
    return { ...fake, opened, blocked }
  }

  it('denies every new window and opens only checked http(s) links externally', () => {
    const { installed, opened, blocked } = setup()
    for (const url of [
      'https://example.com/a',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'booth://app/x',
      'https://u:p@x.com/',
    ]) {
      expect(installed.open?.({ url })).toEqual({ action: 'deny' })
    }
    expect(opened).toEqual(['https://example.com/a'])
    expect(blocked).toEqual(['window-open', 'window-open', 'window-open', 'window-open'])
  })

  it('blocks navigation and redirects away from the app origin, allows in-app navigation', () => {
    const { navigate, opened } = setup()
    expect(navigate('will-navigate', 'booth://app/jobs/12')).toBe(false)
    expect(navigate('will-navigate', 'https://example.com/')).toBe(true)
    expect(navigate('will-navigate', 'file:///etc/passwd')).toBe(true)
    expect(navigate('will-navigate', 'booth://other/')).toBe(true)
    expect(navigate('will-redirect', 'http://127.0.0.1:4310/')).toBe(true)
    expect(navigate('will-redirect', 'booth://app/#/x', true)).toBe(false)
    expect(navigate('will-navigate', 'data:text/html,hi', true)).toBe(true)
    expect(opened).toEqual([])
  })

  it('prevents <webview> attachment and denies device (HID/USB/serial) permissions', () => {
    const { navigate, installed } = setup()
    expect(navigate('will-attach-webview', 'https://example.com/')).toBe(true)
    expect(installed.device?.({ deviceType: 'hid' })).toBe(false)
  })

  it('grants the microphone to the app and nothing else, through the installed handlers', () => {
    const { installed } = setup()
    const ask = (permission: string, details: Record<string, unknown>) => {
      let answer: boolean | undefined
      installed.request?.({}, permission, (granted) => void (answer = granted), details)
      return answer
    }
    const mic = { requestingUrl: 'booth://app/record', isMainFrame: true, mediaTypes: ['audio'] }
    expect(ask('media', mic)).toBe(true)
    expect(ask('media', { ...mic, mediaTypes: ['audio', 'video'] })).toBe(false)
    expect(ask('media', { ...mic, mediaTypes: ['video'] })).toBe(false)
    expect(ask('media', { ...mic, mediaTypes: [] })).toBe(false)
    expect(ask('media', { ...mic, requestingUrl: 'https://evil.example/' })).toBe(false)
    expect(ask('media', { ...mic, isMainFrame: false })).toBe(false)
    for (const other of [
      'notifications',
      'geolocation',
      'display-capture',
      'clipboard-read',
      'midiSysex',
      'openExternal',
      'fullscreen',
    ]) {
      expect(ask(other, mic), other).toBe(false)
    }
    const check = (permission: string, origin: string, details: Record<string, unknown>) =>
      installed.check?.({}, permission, origin, details)
    expect(check('media', 'booth://app', { mediaType: 'audio', isMainFrame: true })).toBe(true)
    expect(check('media', 'booth://app', { mediaType: 'video', isMainFrame: true })).toBe(false)
    expect(check('media', 'booth://app', { mediaType: 'unknown' })).toBe(false)
    expect(check('media', 'https://evil.example', { mediaType: 'audio' })).toBe(false)
    expect(check('media', 'booth://app', { mediaType: 'audio', embeddingOrigin: 'https://evil.example' })).toBe(false)
    expect(check('notifications', 'booth://app', { isMainFrame: true })).toBe(false)
  })

  it('refuses a file: or missing app origin and a missing openExternal', () => {
    const { contents } = fakeContents()
    expect(() =>
      hardenWindow(contents, { appOrigin: 'file:///app/index.html', openExternal: () => undefined }),
    ).toThrow(/scheme and a host/)
    expect(() => hardenWindow(contents, { appOrigin: APP, openExternal: undefined as never })).toThrow(/openExternal/)
  })
})

describe('permission decisions without details', () => {
  it('deny when Electron gives no details', () => {
    expect(decidePermissionRequest('media', undefined, APP)).toBe(false)
    expect(decidePermissionCheck('media', APP, undefined, APP)).toBe(false)
  })
})
