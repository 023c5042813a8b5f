/**
 * What each packaged Booth needs that npm installs only for the machine it runs on: the keychain's native
 * binding (@napi-rs/keyring-<platform>-<arch>, picked by npm from optionalDependencies for the host) and
 * ffmpeg-static's ffmpeg binary (downloaded by its install script for the host). An app packed for
 * another architecture with the host's copies crashes at start ("Cannot find native binding") and
 * carries an ffmpeg it cannot run.
 *
 * `inspectTarget` reads node_modules and says what is missing or built for the wrong CPU (it reads the
 * binaries' headers); `prepareTarget` fetches the target's copies (npm pack of the binding at the exact
 * version @napi-rs/keyring wants; ffmpeg-static's own installer with npm_config_arch/platform) and
 * checks again. electron-builder calls it before packing (before-pack.mjs); the release workflow builds
 * each architecture on its own runner, where npm ci already installs the right ones.
 */
import { spawnSync } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  closeSync,
  readdirSync,
  rmSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const PLATFORMS = ['darwin', 'win32']
export const ARCHS = ['x64', 'arm64']
/** electron-builder's Arch enum (builder-util): ia32 0, x64 1, armv7l 2, arm64 3, universal 4. */
export const ELECTRON_BUILDER_ARCH = { 0: 'ia32', 1: 'x64', 2: 'armv7l', 3: 'arm64', 4: 'universal' }
const BINARY_FORMAT = { darwin: 'mach-o', win32: 'pe', linux: 'elf' }

/** The npm package holding @napi-rs/keyring's binding for a target (the names its index.js requires). */
export function keyringPackageFor(platform, arch) {
  if (platform === 'darwin') return `@napi-rs/keyring-darwin-${arch}`
  if (platform === 'win32') return `@napi-rs/keyring-win32-${arch}-msvc`
  if (platform === 'linux') return `@napi-rs/keyring-linux-${arch}-gnu`
  throw new Error(`Booth is not packaged for ${platform}.`)
}

export const ffmpegFileFor = (platform) => (platform === 'win32' ? 'ffmpeg.exe' : 'ffmpeg')

/** Format and CPU of an executable or native module from its first bytes (Mach-O, PE or ELF). */
export function binaryArch(bytes) {
  const u32le = (o) => bytes.readUInt32LE(o)
  if (bytes.length >= 8 && u32le(0) === 0xfeedfacf) {
    const cpu = u32le(4)
    return {
      format: 'mach-o',
      arch: cpu === 0x0100000c ? 'arm64' : cpu === 0x01000007 ? 'x64' : `cpu-${cpu.toString(16)}`,
    }
  }
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0xcafebabe) return { format: 'mach-o', arch: 'universal' }
  if (bytes.length >= 0x40 && bytes[0] === 0x4d && bytes[1] === 0x5a) {
    const pe = u32le(0x3c)
    if (bytes.length >= pe + 6 && u32le(pe) === 0x00004550) {
      const machine = bytes.readUInt16LE(pe + 4)
      return {
        format: 'pe',
        arch:
          machine === 0x8664
            ? 'x64'
            : machine === 0xaa64
              ? 'arm64'
              : machine === 0x14c
                ? 'ia32'
                : `machine-${machine.toString(16)}`,
      }
    }
  }
  if (bytes.length >= 20 && bytes.readUInt32BE(0) === 0x7f454c46) {
    const machine = bytes.readUInt16LE(18)
    return {
      format: 'elf',
      arch: machine === 0x3e ? 'x64' : machine === 0xb7 ? 'arm64' : `machine-${machine.toString(16)}`,
    }
  }
  return { format: 'unknown', arch: 'unknown' }
}

function readHead(path, size = 4096) {
  const fd = openSync(path, 'r')
  try {
    const buffer = Buffer.alloc(size)
    return buffer.subarray(0, readSync(fd, buffer, 0, size, 0))
  } finally {
    closeSync(fd)
  }
}

const fits = (binary, platform, arch) =>
  binary.format === BINARY_FORMAT[platform] && (binary.arch === arch || binary.arch === 'universal')

/** What the target would get from `root`/node_modules, and a sentence for each thing that is wrong. */
export function inspectTarget({ root, platform, arch }) {
  const modules = join(root, 'node_modules')
  const wanted = JSON.parse(readFileSync(join(modules, '@napi-rs/keyring/package.json'), 'utf8')).version
  const pkg = keyringPackageFor(platform, arch)
  const pkgDir = join(modules, pkg)
  const problems = []
  const keyring = { package: pkg, version: wanted, dir: pkgDir, binary: null }
  if (!existsSync(join(pkgDir, 'package.json'))) {
    problems.push(`${pkg}@${wanted} (the keychain's native binding for ${platform}-${arch}) is not installed.`)
  } else {
    const installed = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')).version
    const node = readdirSync(pkgDir).find((f) => f.endsWith('.node'))
    keyring.binary = node ? binaryArch(readHead(join(pkgDir, node))) : null
    if (installed !== wanted)
      problems.push(`${pkg} is ${installed}, but @napi-rs/keyring ${wanted} needs the same version.`)
    else if (!keyring.binary || !fits(keyring.binary, platform, arch))
      problems.push(`${pkg} holds no ${platform}-${arch} binary.`)
  }
  const ffmpegPath = join(modules, 'ffmpeg-static', ffmpegFileFor(platform))
  const ffmpeg = { path: ffmpegPath, binary: existsSync(ffmpegPath) ? binaryArch(readHead(ffmpegPath)) : null }
  if (!existsSync(join(modules, 'ffmpeg-static/package.json')))
    problems.push('ffmpeg-static is not installed (npm ci installs it as an optional dependency).')
  else if (!ffmpeg.binary) problems.push(`ffmpeg-static has no ${ffmpegFileFor(platform)} binary.`)
  else if (!fits(ffmpeg.binary, platform, arch))
    problems.push(
      `ffmpeg-static's binary is ${ffmpeg.binary.format} ${ffmpeg.binary.arch}, not ${BINARY_FORMAT[platform]} ${arch}.`,
    )
  return { platform, arch, keyring, ffmpeg, problems }
}

/** Runs a command; throws with its output when it fails. */
export function runCommand(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', shell: process.platform === 'win32', ...options })
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed: ${result.error?.message ?? ''}${result.stderr ?? ''}`)
  return result.stdout
}

/**
 * Makes node_modules hold the target's binding and ffmpeg, then checks again. `run(command, args,
 * options)` is injected so tests can see the commands without network.
 */
export async function prepareTarget({ root, platform, arch, run = runCommand, log = console.log }) {
  const before = inspectTarget({ root, platform, arch })
  if (before.problems.length === 0) return before
  const { keyring, ffmpeg } = before
  const failures = []
  if (before.problems.some((p) => p.startsWith(keyring.package))) {
    log(`Booth packaging: fetching ${keyring.package}@${keyring.version} for ${platform}-${arch}`)
    const scratch = mkdtempSync(join(tmpdir(), 'booth-pack-'))
    try {
      run('npm', ['pack', `${keyring.package}@${keyring.version}`, '--pack-destination', scratch], { cwd: root })
      const tarball = readdirSync(scratch).find((f) => f.endsWith('.tgz'))
      if (!tarball) throw new Error(`npm pack left no tarball for ${keyring.package}.`)
      rmSync(keyring.dir, { recursive: true, force: true })
      mkdirSync(keyring.dir, { recursive: true })
      run('tar', ['-xzf', join(scratch, tarball), '-C', keyring.dir, '--strip-components=1'], { cwd: root })
    } catch (err) {
      failures.push(String(err?.message ?? err))
    } finally {
      rmSync(scratch, { recursive: true, force: true })
    }
  }
  if (before.problems.some((p) => p.startsWith('ffmpeg-static'))) {
    log(
      `Booth packaging: fetching ffmpeg for ${platform}-${arch} (run \`npm ci\` afterwards to get this machine's own ffmpeg back)`,
    )
    try {
      rmSync(ffmpeg.path, { force: true })
      run(process.execPath, [join(root, 'node_modules/ffmpeg-static/install.js')], {
        cwd: join(root, 'node_modules/ffmpeg-static'),
        env: { ...process.env, npm_config_platform: platform, npm_config_arch: arch },
      })
    } catch (err) {
      failures.push(String(err?.message ?? err))
    }
  }
  const after = inspectTarget({ root, platform, arch })
  if (after.problems.length > 0) {
    const tried = failures.length > 0 ? `Fetching them failed:\n- ${failures.join('\n- ')}\n` : ''
    throw new Error(
      `Booth cannot be packaged for ${platform}-${arch}:\n- ${after.problems.join('\n- ')}\n${tried}` +
        `Build each architecture on a machine of that architecture after \`npm ci\` (see .github/workflows/release.yml).`,
    )
  }
  return after
}
