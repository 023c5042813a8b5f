import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { runFfmpeg } from '../../../main/audio/run-ffmpeg'
import {
  childEnv,
  isAllowedName,
  isSecretName,
  knowSecrets,
  scrubOwnEnv,
  takeEnvApiKey,
} from '../../../main/security/child-env'
import { openWithPlatform } from '../../../main/web/web-ports'

const SECRETS: Record<string, string> = {
  BOOTH_API_KEY: 'bk_live_0123456789abcdef',
  AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG',
  AWS_ACCESS_KEY_ID: 'AKIAIOSFODNN7EXAMPLE',
  AWS_SESSION_TOKEN: 'FwoGZXIvYXdzE',
  AZURE_CLIENT_SECRET: 'azure-secret-value',
  GOOGLE_APPLICATION_CREDENTIALS: '/home/me/gcp.json',
  NPM_TOKEN: 'npm_abcdefabcdef',
  npm_config__authToken: 'npm_cfg_token',
  GITHUB_TOKEN: 'ghp_abcdef',
  DB_PASSWORD: 'hunter2hunter2',
  MY_APIKEY: 'some-api-key-value',
  SSH_AUTH_SOCK: '/tmp/ssh-agent.sock',
  DATABASE_URL: 'postgres://booth:pa55word@db.example.com/booth',
  DB_PASS: 'hunter2hunter2',
  MYSQL_PWD: 'mysql-secret',
  SENTRY_DSN: 'https://abc123@o1.ingest.sentry.io/42',
  SLACK_WEBHOOK_URL: 'https://hooks.slack.com/services/T000/B000/XXXX',
  CI_JOB_JWT: 'eyJhbGciOiJSUzI1NiJ9.e30.sig',
}
/** Not secrets by name, yet no child needs them: an allow-list keeps them out too. */
const UNNEEDED: Record<string, string> = {
  FFREPORT: 'file=/tmp/booth-ffreport-%p.log:level=32',
  STRIPE_LIVE: 'sk_live_abcdef',
  BOOTH_CHILD_ENV_PROBE: 'invisible',
}
const HARMLESS: Record<string, string> = {
  LC_MESSAGES: 'C.UTF-8',
  DBUS_SESSION_BUS_ADDRESS: 'unix:path=/run/user/0/bus',
  XAUTHORITY: '/root/.Xauthority',
  LANG: 'C.UTF-8',
}

let dir: string
const saved = { ...process.env }
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'booth-childenv-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))
afterEach(() => {
  for (const k of Object.keys(process.env)) if (!(k in saved)) Reflect.deleteProperty(process.env, k)
  Object.assign(process.env, saved)
})

/** A stand-in executable that writes its environment (one NAME=value per line) to `out`, then exits 0. */
async function envPrinter(name: string, out: string): Promise<string> {
  const path = join(dir, name)
  await writeFile(path, `#!/bin/sh\nenv > '${out}'\n`)
  await chmod(path, 0o755)
  return path
}
const namesIn = (dump: string) =>
  new Set(
    dump
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split('=')[0] ?? ''),
  )
/** What the stand-in's shell sets by itself. */
const SHELL_OWN = new Set(['PWD', 'OLDPWD', 'SHLVL', '_'])

describe('childEnv', () => {
  it('passes on only what the children need: no secret, nothing unneeded', () => {
    const env = childEnv({ ...SECRETS, ...UNNEEDED, ...HARMLESS, PATH: '/usr/bin' })
    expect(Object.keys(env).sort()).toEqual([...Object.keys(HARMLESS), 'PATH'].sort())
  })

  it('passes on no variable outside the allow-list, whatever its name (property)', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), fc.string({ maxLength: 12 })), (env) => {
        for (const name of Object.keys(childEnv(env, []))) expect(isAllowedName(name), name).toBe(true)
      }),
      { numRuns: 500 },
    )
  })

  it('drops any variable holding a secret Booth knows, even an allowed one', () => {
    expect(childEnv({ LANG: 'x-bk_live_0123456789abcdef-y', LC_ALL: 'C' }, ['bk_live_0123456789abcdef'])).toEqual({
      LC_ALL: 'C',
    })
  })

  it('never passes on a name containing a secret word, in any case', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 8 }),
        fc.constantFrom('key', 'Token', 'SECRET', 'password', 'Credential', 'auth'),
        fc.string({ maxLength: 8 }),
        (a, word, b) => {
          const name = `${a}${word}${b}`
          fc.pre(name !== 'XAUTHORITY' && name !== 'GNOME_KEYRING_CONTROL')
          expect(isSecretName(name)).toBe(true)
          expect(childEnv({ [name]: 'v' })).toEqual({})
        },
      ),
    )
  })
})

describe('the processes Booth starts', () => {
  it('ffmpeg (through runFfmpeg) gets no secret, and nothing outside the allow-list', async () => {
    Object.assign(process.env, SECRETS, UNNEEDED, HARMLESS)
    const out = join(dir, 'ffmpeg-env.txt')
    await runFfmpeg(['-version'], { ffmpegPath: await envPrinter('ffmpeg', out) })
    const names = namesIn(await readFile(out, 'utf8'))
    expect(names.has('LC_MESSAGES')).toBe(true)
    expect(names.has('PATH')).toBe(true)
    for (const name of names) if (!SHELL_OWN.has(name)) expect(isAllowedName(name), name).toBe(true)
    for (const secret of [...Object.keys(SECRETS), ...Object.keys(UNNEEDED)])
      expect(names.has(secret), secret).toBe(false)
  })

  it('the real ffmpeg never sees FFREPORT, so it writes no report file', async () => {
    const report = join(dir, 'ffreport.log')
    Object.assign(process.env, { FFREPORT: `file=${report}:level=32` })
    await runFfmpeg(['-f', 'lavfi', '-i', 'sine=d=0.1', '-f', 'null', '-'])
    await expect(readFile(report, 'utf8')).rejects.toThrow(/ENOENT/)
  })

  it('the OS "open" helper gets no secret', async () => {
    const out = join(dir, 'open-env.txt')
    await envPrinter('xdg-open', out)
    Object.assign(process.env, SECRETS, UNNEEDED, HARMLESS, { PATH: `${dir}:${process.env['PATH'] ?? ''}` })
    await openWithPlatform('https://example.com/', 'linux')
    let dump = ''
    for (let i = 0; i < 100 && !dump.includes('PATH='); i++) {
      dump = await readFile(out, 'utf8').catch(() => '')
      if (!dump.includes('PATH=')) await new Promise((r) => setTimeout(r, 50))
    }
    const names = namesIn(dump)
    expect(names.has('LC_MESSAGES')).toBe(true)
    expect(names.has('DBUS_SESSION_BUS_ADDRESS')).toBe(true)
    for (const name of names) if (!SHELL_OWN.has(name)) expect(isAllowedName(name), name).toBe(true)
    for (const secret of [...Object.keys(SECRETS), ...Object.keys(UNNEEDED)])
      expect(names.has(secret), secret).toBe(false)
  })
})

describe('secrets Booth holds', () => {
  it('a variable carrying the key in use is not passed on, whatever its name, and is again once forgotten', async () => {
    const key = 'bk_live_heldkey_0123456789'
    const env = { ...HARMLESS, LANGUAGE: `x=${key}` }
    expect(childEnv(env)).toHaveProperty('LANGUAGE')
    const forget = knowSecrets(() => [key])
    try {
      expect(childEnv(env)).not.toHaveProperty('LANGUAGE')
      expect(childEnv(env)).toEqual(HARMLESS)
      // A real child: what ffmpeg started by Booth sees has it neither.
      Object.assign(process.env, HARMLESS, { LANGUAGE: `x=${key}` })
      const out = join(dir, 'ffmpeg-held-env.txt')
      await runFfmpeg(['-version'], { ffmpegPath: await envPrinter('ffmpeg', out) })
      const dump = await readFile(out, 'utf8')
      expect(namesIn(dump).has('LC_MESSAGES')).toBe(true)
      expect(dump).not.toContain(key)
    } finally {
      forget()
    }
    expect(childEnv(env)).toHaveProperty('LANGUAGE')
  })
})

describe("Booth's own environment", () => {
  it('gives up BOOTH_API_KEY once read, and scrubOwnEnv removes the other secrets in place', () => {
    const env: NodeJS.ProcessEnv = { ...SECRETS, ...HARMLESS }
    expect(takeEnvApiKey(env)).toBe(SECRETS['BOOTH_API_KEY'])
    expect('BOOTH_API_KEY' in env).toBe(false)
    expect(takeEnvApiKey({ BOOTH_API_KEY: '   ' })).toBeUndefined()
    const removed = scrubOwnEnv(env)
    expect(removed.sort()).toEqual(
      Object.keys(SECRETS)
        .filter((k) => k !== 'BOOTH_API_KEY')
        .sort(),
    )
    expect(env).toEqual(HARMLESS)
  })
})
