/**
 * scripts/system-packages.sh, the setup step of the README's test command, run by bash against stand-ins
 * on a PATH of their own: a fresh machine cannot be made here, so apt-get, sudo, id and ldconfig are small
 * scripts that log what they were asked and "install" a package by putting its commands on that PATH.
 * Everything else (the checks, the choice of root or sudo, the sentences) is the real script.
 */
import { execFileSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

const SCRIPT = resolve('scripts/system-packages.sh')
/** The commands each Debian package puts on the PATH (as the stand-in apt-get installs them). */
const PROVIDES: Record<string, string[]> = {
  ffmpeg: ['ffmpeg', 'ffprobe'],
  sox: ['sox'],
  'espeak-ng': ['espeak-ng'],
  flite: ['flite'],
  pocketsphinx: ['pocketsphinx_continuous'],
  'gnome-keyring': ['gnome-keyring-daemon'],
  dbus: ['dbus-run-session'],
}
const EVERYTHING = Object.values(PROVIDES).flat()

interface Machine {
  dir: string
  bin: string
  log: string
  env: Record<string, string>
}

const made: string[] = []
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function script(path: string, body: string): void {
  writeFileSync(path, `#!/bin/bash\n${body}\n`)
  chmodSync(path, 0o755)
}

/**
 * A machine with `present` commands, Chromium, libsecret and the speech model as asked, running as
 * `uid`, with sudo that works without a password (`sudo: 'nopasswd'`), asks for one, or is absent, and
 * apt-get present or not (and able to install, or not).
 */
function machine(o: {
  present?: string[]
  chromium?: boolean
  libsecret?: boolean
  model?: boolean
  uid?: number
  sudo?: 'nopasswd' | 'password' | 'none'
  aptGet?: 'works' | 'fails' | 'none'
}): Machine {
  const dir = mkdtempSync(join(tmpdir(), 'booth-setup-'))
  made.push(dir)
  const bin = join(dir, 'bin')
  mkdirSync(bin)
  const log = join(dir, 'log')
  writeFileSync(log, '')
  for (const name of o.present ?? EVERYTHING) script(join(bin, name), 'exit 0')
  const chromium = join(dir, 'chromium')
  if (o.chromium ?? true) script(chromium, 'exit 0')
  const model = join(dir, 'model', 'en-us')
  if (o.model ?? true) mkdirSync(model, { recursive: true })
  const libs = join(dir, 'libsecret')
  if (o.libsecret ?? true) writeFileSync(libs, '')
  script(join(bin, 'id'), `[ "$1" = -u ] && echo ${o.uid ?? 0}`)
  script(
    join(bin, 'ldconfig'),
    `[ -e "${libs}" ] && echo '\tlibsecret-1.so.0 (libc6,x86-64) => /usr/lib/x86_64-linux-gnu/libsecret-1.so.0'; exit 0`,
  )
  if ((o.sudo ?? 'none') !== 'none') {
    script(
      join(bin, 'sudo'),
      [
        `echo "sudo $*" >> "${log}"`,
        o.sudo === 'password'
          ? 'exit 1'
          : '[ "$1" = -n ] && shift; [ "$1" = true ] && exit 0; while [[ "$1" == *=* ]]; do export "$1"; shift; done; exec "$@"',
      ].join('\n'),
    )
  }
  if ((o.aptGet ?? 'works') !== 'none') {
    const installs = Object.entries(PROVIDES).map(
      ([pkg, cmds]) =>
        `[ "$p" = ${pkg} ] && for c in ${cmds.join(' ')}; do printf '#!/bin/bash\\nexit 0\\n' > "${bin}/$c"; /bin/chmod 755 "${bin}/$c"; done`,
    )
    script(
      join(bin, 'apt-get'),
      [
        `echo "apt-get $* (uid $(id -u), DEBIAN_FRONTEND=$DEBIAN_FRONTEND)" >> "${log}"`,
        o.aptGet === 'fails' ? '[ "$1" = install ] && exit 100' : '',
        '[ "$1" = install ] || exit 0',
        'for p in "$@"; do',
        ...installs,
        `  [ "$p" = chromium ] && printf '#!/bin/bash\\nexit 0\\n' > "${chromium}" && /bin/chmod 755 "${chromium}"`,
        `  [ "$p" = pocketsphinx-en-us ] && /bin/mkdir -p "${model}"`,
        `  [ "$p" = libsecret-1-0 ] && : > "${libs}"`,
        'done',
        'exit 0',
      ].join('\n'),
    )
  }
  return { dir, bin, log, env: { PATH: bin, BOOTH_CHROMIUM: chromium, BOOTH_POCKETSPHINX_MODEL: model, HOME: dir } }
}

/** Runs ensure_system_packages on the machine (stdin not a terminal); its exit code, stderr and the commands run. */
function setup(m: Machine): { code: number; said: string; ran: string[] } {
  let code = 0
  let said = ''
  try {
    execFileSync('/bin/bash', ['-c', `. '${SCRIPT}'; ensure_system_packages 2>"$0"`, join(m.dir, 'said')], {
      env: m.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
  } catch (err) {
    code = (err as { status: number }).status
  }
  if (existsSync(join(m.dir, 'said'))) said = readFileSync(join(m.dir, 'said'), 'utf8')
  return { code, said, ran: readFileSync(m.log, 'utf8').split('\n').filter(Boolean) }
}

describe('the test command sets up the system packages it needs', () => {
  it('does nothing and says nothing when everything is there', () => {
    expect(setup(machine({}))).toEqual({ code: 0, said: '', ran: [] })
  })

  it('as root, installs exactly the missing packages with apt-get, each once, and goes on', () => {
    const m = machine({
      present: ['sox', 'espeak-ng', 'flite', 'pocketsphinx_continuous', 'gnome-keyring-daemon', 'dbus-run-session'],
      model: false,
      libsecret: false,
    })
    const r = setup(m)
    expect(r.code).toBe(0)
    expect(r.ran).toEqual([
      'apt-get update -qq (uid 0, DEBIAN_FRONTEND=noninteractive)',
      'apt-get install -y -qq --no-install-recommends ffmpeg pocketsphinx-en-us libsecret-1-0 (uid 0, DEBIAN_FRONTEND=noninteractive)',
    ])
    expect(r.said).toContain(
      "Booth's tests need what is missing here: ffmpeg, ffprobe, pocketsphinx's en-us model, the Secret Service library (keychain tests).",
    )
    expect(setup(m).ran).toHaveLength(2) // a second run finds everything
  })

  it('as another user, installs through sudo when sudo needs no password', () => {
    const r = setup(
      machine({ present: EVERYTHING.filter((c) => c !== 'sox'), chromium: false, uid: 1000, sudo: 'nopasswd' }),
    )
    expect(r.code).toBe(0)
    expect(r.ran).toContain(
      'sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends sox chromium',
    )
    expect(r.ran).toContain(
      'apt-get install -y -qq --no-install-recommends sox chromium (uid 1000, DEBIAN_FRONTEND=noninteractive)',
    )
    expect(r.said).toContain('Installing with sudo apt-get: sox chromium')
  })

  it('without root and without sudo (or sudo that asks for a password with no terminal), says the exact command and stops', () => {
    for (const sudo of ['none', 'password'] as const) {
      const r = setup(
        machine({
          present: EVERYTHING.filter((c) => c !== 'espeak-ng' && c !== 'gnome-keyring-daemon'),
          uid: 1000,
          sudo,
        }),
      )
      expect(r.code).toBe(1)
      expect(r.said).toContain(
        'Installing them needs root. Run this, then bash scripts/test.sh again:\n  sudo apt-get ' +
          'update && sudo apt-get install -y --no-install-recommends espeak-ng gnome-keyring\n',
      )
      expect(r.ran.filter((l) => l.startsWith('apt-get'))).toEqual([])
    }
  })

  it('without apt-get, names the Debian packages and says to install their equivalents', () => {
    const r = setup(machine({ present: EVERYTHING.filter((c) => c !== 'ffmpeg' && c !== 'ffprobe'), aptGet: 'none' }))
    expect(r.code).toBe(1)
    expect(r.said).toContain('This system has no apt-get. On Debian or Ubuntu these are the packages: ffmpeg.')
    expect(r.said).toMatch(
      /Install the same with this system's package manager .*then run bash scripts\/test\.sh again\./,
    )
  })

  it('stops, saying what is still missing, when apt-get cannot install', () => {
    const r = setup(machine({ present: EVERYTHING.filter((c) => c !== 'sox'), aptGet: 'fails' }))
    expect(r.code).toBe(1)
    expect(r.said).toContain(
      'apt-get could not install sox; install them by hand (apt-get install -y sox), then run bash scripts/test.sh again.',
    )
  })
})

describe('the README test command and CI', () => {
  it('scripts/test.sh sets up the system packages before anything else, and .ci/run only calls it', () => {
    // Each step runs as `step NAME COMMAND…` (timed); what matters is the commands' order.
    const test = readFileSync('scripts/test.sh', 'utf8')
      .split('\n')
      .filter((l) => l.trim() && !l.startsWith('#'))
      .map((l) => l.replace(/^step \S+ /, ''))
    expect(test.indexOf('ensure_system_packages')).toBeGreaterThan(-1)
    expect(test.indexOf('ensure_system_packages')).toBeLessThan(test.findIndex((l) => l.startsWith('npm ci')))
    const ci = readFileSync('.ci/run', 'utf8')
      .split('\n')
      .filter((l) => l.trim() && !l.startsWith('#'))
    expect(ci.at(-1)).toBe('exec bash scripts/test.sh')
    expect(ci.join('\n')).not.toMatch(/apt-get|brew|dnf|yum/)
  })
})
