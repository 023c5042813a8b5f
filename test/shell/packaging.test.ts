/**
 * Packaging per architecture, checked from the files (electron-builder cannot run here): the release
 * workflow builds each target on a runner of that CPU after its own `npm ci`; electron-builder.yml lets
 * the command line pick the arch and runs the beforePack hook, which makes node_modules hold the
 * target's keychain binding and ffmpeg or refuses to pack. The hook's logic runs on crafted binaries.
 */
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { beforePack } from '../../scripts/packaging/before-pack.mjs'
import {
  binaryArch,
  ffmpegFileFor,
  inspectTarget,
  keyringPackageFor,
  prepareTarget,
} from '../../scripts/packaging/native-targets.mjs'
import { ROOT } from './shell-process'

interface MatrixEntry {
  runner: string
  platform: 'mac' | 'win'
  arch: 'x64' | 'arm64'
}
interface Step {
  uses?: string
  run?: string
  with?: Record<string, string>
}

const builder = parse(readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8')) as Record<string, unknown> & {
  mac: { target: Array<{ target: string; arch?: string[] }> }
  win: { target: Array<{ target: string; arch?: string[] }> }
  asarUnpack: string[]
  beforePack: string
  files: string[]
}
const workflow = parse(readFileSync(join(ROOT, '.github/workflows/release.yml'), 'utf8')) as {
  jobs: { package: { 'runs-on': string; strategy: { matrix: { include: MatrixEntry[] } }; steps: Step[] } }
}
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }
const job = workflow.jobs.package
const matrix = job.strategy.matrix.include

/** The CPU of GitHub's hosted runner images (docs: "GitHub-hosted runners"; macos-13 was retired in 2025). */
const RUNNER_ARCH: Record<string, string> = {
  'macos-14': 'arm64',
  'macos-15': 'arm64',
  'macos-26': 'arm64',
  'macos-latest': 'arm64',
  'macos-15-intel': 'x64',
  'windows-2022': 'x64',
  'windows-2025': 'x64',
  'windows-latest': 'x64',
}
const PLATFORM = { mac: 'darwin', win: 'win32' } as const

// ---- crafted binaries -------------------------------------------------------------------------------
function machO(arch: 'x64' | 'arm64'): Buffer {
  const b = Buffer.alloc(64)
  b.writeUInt32LE(0xfeedfacf, 0)
  b.writeUInt32LE(arch === 'arm64' ? 0x0100000c : 0x01000007, 4)
  return b
}
function pe(arch: 'x64' | 'arm64'): Buffer {
  const b = Buffer.alloc(256)
  b.write('MZ', 0, 'latin1')
  b.writeUInt32LE(0x80, 0x3c)
  b.writeUInt32LE(0x00004550, 0x80)
  b.writeUInt16LE(arch === 'arm64' ? 0xaa64 : 0x8664, 0x84)
  return b
}
const binaryFor = (platform: string, arch: 'x64' | 'arm64') => (platform === 'darwin' ? machO(arch) : pe(arch))

const roots: string[] = []
function fakeProject(): string {
  const root = mkdtempSync(join(tmpdir(), 'booth-pack-test-'))
  roots.push(root)
  const write = (rel: string, data: string | Buffer) => {
    mkdirSync(dirname(join(root, rel)), { recursive: true })
    writeFileSync(join(root, rel), data)
  }
  write('node_modules/@napi-rs/keyring/package.json', JSON.stringify({ name: '@napi-rs/keyring', version: '2.1.2' }))
  write('node_modules/ffmpeg-static/package.json', JSON.stringify({ name: 'ffmpeg-static', version: '5.3.0' }))
  return root
}
function installNative(root: string, platform: string, arch: 'x64' | 'arm64', version = '2.1.2') {
  const name = keyringPackageFor(platform, arch)
  mkdirSync(join(root, 'node_modules', name), { recursive: true })
  writeFileSync(join(root, 'node_modules', name, 'package.json'), JSON.stringify({ name, version }))
  writeFileSync(
    join(root, 'node_modules', name, `keyring.${name.split('keyring-')[1]}.node`),
    binaryFor(platform, arch),
  )
}
const installFfmpeg = (root: string, platform: string, arch: 'x64' | 'arm64') =>
  writeFileSync(join(root, 'node_modules/ffmpeg-static', ffmpegFileFor(platform)), binaryFor(platform, arch))

afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true })
})

describe('the release workflow', () => {
  it('builds macOS arm64, macOS x64 and Windows x64, each on a runner of its own CPU', () => {
    expect(matrix.map((m) => `${m.platform}-${m.arch}`).sort()).toEqual(['mac-arm64', 'mac-x64', 'win-x64'])
    expect(job['runs-on']).toBe('${{ matrix.runner }}')
    for (const entry of matrix) {
      expect(RUNNER_ARCH[entry.runner], `${entry.runner} is not a known hosted runner`).toBeDefined()
      expect(RUNNER_ARCH[entry.runner], entry.runner).toBe(entry.arch)
      expect(entry.runner.startsWith(entry.platform === 'mac' ? 'macos-' : 'windows-'), entry.runner).toBe(true)
    }
  })

  it('installs with npm ci on that runner, builds, checks the shell, then packs only the matrix arch', () => {
    const runs = job.steps.map((s) => s.run ?? '')
    const at = (pattern: RegExp) => runs.findIndex((r) => pattern.test(r))
    expect(at(/^npm ci$/)).toBeGreaterThanOrEqual(0)
    expect(at(/^npm ci$/)).toBeLessThan(at(/npm run build/))
    expect(at(/npm run build/)).toBeLessThan(at(/vitest run test\/shell/))
    expect(at(/vitest run test\/shell/)).toBeLessThan(at(/electron-builder/))
    expect(runs[at(/electron-builder/)]).toMatch(
      /electron-builder --\$\{\{ matrix\.platform \}\} --\$\{\{ matrix\.arch \}\}/,
    )
    expect(runs.some((r) => /npm (install|i)\b/.test(r))).toBe(false)
  })

  it('uses a Node that electron and its tools accept (22.13+ or 24+: README "Node versions"), inside package.json engines', () => {
    const node = job.steps.find((s) => s.uses?.startsWith('actions/setup-node'))?.with?.['node-version']
    const [major, minor = '99'] = String(node).split('.').map(Number)
    expect((major === 22 && Number(minor) >= 13) || Number(major) >= 24, `node-version ${node}`).toBe(true)
    expect(pkg.engines.node).toBe('^20.19.0 || ^22.13.0 || >=24')
  })
})

describe('electron-builder.yml', () => {
  it('takes the arch from the command line and runs the beforePack hook', () => {
    for (const t of builder.mac.target)
      expect(t.arch, 'an arch list in the config overrides --arm64/--x64').toBeUndefined()
    for (const t of builder.win.target) expect(t.arch ?? ['x64']).toEqual(['x64'])
    expect(builder.beforePack).toBe('scripts/packaging/before-pack.mjs')
    expect(existsSync(join(ROOT, builder.beforePack))).toBe(true)
  })

  it('packs the desktop build (out/) and not the web host bundle beside it (out/web/, with the API sandbox)', () => {
    expect(builder.files).toContain('out/**')
    expect(builder.files).toContain('!out/web/**')
  })

  it('keeps ffmpeg and the keychain binding outside the asar, where they can be run and loaded', () => {
    expect(builder.asarUnpack).toContain('node_modules/ffmpeg-static/**')
    expect(builder.asarUnpack).toContain('node_modules/@napi-rs/keyring*/**')
  })
})

describe('the beforePack hook', () => {
  it('reads the CPU of real binaries here', () => {
    const host = process.arch === 'arm64' ? 'arm64' : 'x64'
    const binding = join(ROOT, 'node_modules', keyringPackageFor('linux', host))
    const node = join(binding, `keyring.linux-${host}-gnu.node`)
    if (existsSync(node)) expect(binaryArch(readFileSync(node))).toEqual({ format: 'elf', arch: host })
    const format = { darwin: 'mach-o', win32: 'pe' }[process.platform as string] ?? 'elf'
    const head = Buffer.alloc(4096)
    const fd = openSync(process.execPath, 'r')
    readSync(fd, head, 0, head.length, 0)
    closeSync(fd)
    expect(binaryArch(head)).toMatchObject({ format })
    expect([host, 'universal']).toContain(binaryArch(head).arch)
    expect(binaryArch(Buffer.from('#!/bin/sh\n'))).toEqual({ format: 'unknown', arch: 'unknown' })
  })

  for (const entry of matrix) {
    const platform = PLATFORM[entry.platform]
    const other = entry.arch === 'x64' ? 'arm64' : 'x64'
    it(`${platform}-${entry.arch}: passes only with that target's own binding and ffmpeg`, () => {
      const root = fakeProject()
      expect(inspectTarget({ root, platform, arch: entry.arch }).problems).toHaveLength(2)
      installNative(root, platform, other)
      installFfmpeg(root, platform, other)
      const wrong = inspectTarget({ root, platform, arch: entry.arch }).problems
      expect(wrong.join(' ')).toContain(`${keyringPackageFor(platform, entry.arch)}@2.1.2`)
      expect(wrong.join(' ')).toContain(`not ${platform === 'darwin' ? 'mach-o' : 'pe'} ${entry.arch}`)
      installNative(root, platform, entry.arch, '2.1.1')
      expect(inspectTarget({ root, platform, arch: entry.arch }).problems[0]).toMatch(/needs the same version/)
      installNative(root, platform, entry.arch)
      installFfmpeg(root, platform, entry.arch)
      expect(inspectTarget({ root, platform, arch: entry.arch }).problems).toEqual([])
    })
  }

  it('fetches the target’s binding at the exact version and its ffmpeg, then checks again', async () => {
    const root = fakeProject()
    installNative(root, 'darwin', 'arm64')
    installFfmpeg(root, 'darwin', 'arm64')
    const commands: string[] = []
    const run = (command: string, args: string[], options: { env?: Record<string, string | undefined> }) => {
      commands.push(
        [command === process.execPath ? 'node' : command, ...args.map((a) => a.replace(root, 'ROOT'))]
          .join(' ')
          .replace(/--pack-destination \S+/, '--pack-destination TMP'),
      )
      if (command === 'npm') writeFileSync(join(args[3]!, 'napi-rs-keyring-darwin-x64-2.1.2.tgz'), 'tarball')
      if (command === 'tar') installNative(root, 'darwin', 'x64')
      if (args[0]?.endsWith('install.js')) {
        expect(options.env).toMatchObject({ npm_config_platform: 'darwin', npm_config_arch: 'x64' })
        installFfmpeg(root, 'darwin', 'x64')
      }
      return ''
    }
    const ready = await prepareTarget({ root, platform: 'darwin', arch: 'x64', run, log: () => undefined })
    expect(ready.problems).toEqual([])
    expect(commands[0]).toBe('npm pack @napi-rs/keyring-darwin-x64@2.1.2 --pack-destination TMP')
    expect(commands[1]).toMatch(/^tar -xzf /)
    expect(commands[2]).toBe(`node ${join('ROOT', 'node_modules/ffmpeg-static/install.js')}`)
  })

  it('refuses to pack when the target’s copies cannot be had, saying what is wrong', async () => {
    const root = fakeProject()
    installNative(root, 'darwin', 'arm64')
    installFfmpeg(root, 'darwin', 'arm64')
    await expect(
      prepareTarget({ root, platform: 'darwin', arch: 'x64', run: () => '', log: () => undefined }),
    ).rejects.toThrow(
      /cannot be packaged for darwin-x64:[\s\S]*keyring-darwin-x64[\s\S]*ffmpeg[\s\S]*npm pack left no tarball/,
    )
  })

  it('packs one macOS or Windows architecture per run', async () => {
    const context = (electronPlatformName: string, arch: number) => ({
      electronPlatformName,
      arch,
      packager: { projectDir: fakeProject() },
    })
    await expect(beforePack(context('linux', 1))).rejects.toThrow(/macOS and Windows only/)
    await expect(beforePack(context('darwin', 4))).rejects.toThrow(/one per run/)
    const ready = context('win32', 1)
    installNative(ready.packager.projectDir, 'win32', 'x64')
    installFfmpeg(ready.packager.projectDir, 'win32', 'x64')
    await expect(beforePack(ready)).resolves.toBeUndefined()
  })
})
