/**
 * package.json's `engines.node` against every package installed in node_modules: Booth's range must lie
 * inside each package's own range (so no Node that Booth admits is refused by something it installs) and
 * include the Node this project is built and tested on. The one exception is Electron's toolchain, which
 * only installing Electron, `npm start` and packaging use and which refuses Node 20 outright: those need
 * DESKTOP_NODE (README, "Node versions"), a range every package accepts.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const require = createRequire(import.meta.url)
const semver = require('semver') as {
  subset(sub: string, dom: string): boolean
  satisfies(version: string, range: string): boolean
  validRange(range: string): string | null
}

/** The Node the desktop app's own tooling needs (README "Node versions"). */
const DESKTOP_NODE = '^22.13.0 || >=24'
/** Electron and what fetches or rebuilds it: only installing Electron, `npm start` and packaging run them. */
const ELECTRON_TOOLCHAIN = new Set([
  'electron',
  '@electron/get',
  '@electron/rebuild',
  'node-abi',
  '@electron-internal/extract-zip',
])
/** The Node this project is built and tested on (CI and the build machine). */
const TESTED_NODE = '20.20.0'

interface Installed {
  name: string
  version: string
  node: string
  at: string
}

/** Every package directory under node_modules (nested ones too), with its engines.node. */
function installed(root: string): Installed[] {
  const out: Installed[] = []
  const visit = (modules: string): void => {
    if (!existsSync(modules)) return
    for (const entry of readdirSync(modules, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name.startsWith('.')) continue
      const dirs = entry.name.startsWith('@')
        ? readdirSync(join(modules, entry.name), { withFileTypes: true })
            .filter((d) => d.isDirectory())
            .map((d) => join(modules, entry.name, d.name))
        : [join(modules, entry.name)]
      for (const dir of dirs) {
        const file = join(dir, 'package.json')
        if (existsSync(file)) {
          const pkg = JSON.parse(readFileSync(file, 'utf8')) as {
            name?: string
            version?: string
            engines?: { node?: unknown }
          }
          if (typeof pkg.name === 'string' && typeof pkg.engines?.node === 'string') {
            out.push({ name: pkg.name, version: pkg.version ?? '?', node: pkg.engines.node, at: dir })
          }
        }
        visit(join(dir, 'node_modules'))
      }
    }
  }
  visit(join(root, 'node_modules'))
  return out
}

const root = process.cwd()
const booth = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } }).engines
  .node
const packages = installed(root)

describe('engines.node', () => {
  it('is a range that includes the Node the project is built and tested on, and this one', () => {
    expect(semver.validRange(booth)).not.toBeNull()
    expect(semver.satisfies(TESTED_NODE, booth)).toBe(true)
    expect(semver.satisfies(process.version, booth)).toBe(true)
  })

  it("lies inside the range of every installed package (Electron's toolchain: the desktop range does)", () => {
    expect(packages.length).toBeGreaterThan(100)
    const refused = packages
      .filter((p) => !ELECTRON_TOOLCHAIN.has(p.name))
      .filter((p) => semver.validRange(p.node) !== null && !semver.subset(booth, p.node))
      .map((p) => `${p.name}@${p.version} wants node ${p.node}`)
    expect(refused).toEqual([])
    const desktopRefused = packages
      .filter((p) => semver.validRange(p.node) !== null && !semver.subset(DESKTOP_NODE, p.node))
      .map((p) => `${p.name}@${p.version} wants node ${p.node}`)
    expect(desktopRefused).toEqual([])
  })

  it('needs the exception only because Electron itself refuses the Node the project is tested on', () => {
    const electron = packages.find((p) => p.name === 'electron' && p.at === join(root, 'node_modules', 'electron'))
    expect(electron).toBeDefined()
    expect(semver.satisfies(TESTED_NODE, electron?.node ?? '*')).toBe(false)
  })
})
