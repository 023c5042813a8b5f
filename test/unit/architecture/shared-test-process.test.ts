/**
 * Vitest runs many test files one after another in one process (vitest.config.ts: isolate false, for a
 * quarter of the suite's CPU). That holds only while no file leaves state behind for the next: this test
 * keeps the premise true. A file may not mock a module (vi.mock reaches every later file), may not set
 * process.env or process.chdir (the next file's children would inherit them), and a file that fakes
 * timers or stubs a global must restore them in the same file.
 */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import config from '../../../vitest.config'

/** Every file vitest runs: the folders its `include` globs start from (test/unit, test/contract, …), walked. */
async function testFiles(): Promise<string[]> {
  const roots = (config.test?.include ?? []).map((glob) => {
    const at = glob.indexOf('/**')
    if (at < 0) throw new Error(`vitest's include glob ${glob} names no folder to walk`)
    return glob.slice(0, at)
  })
  const lists = await Promise.all(roots.map(async (root) => (await readdir(root, { recursive: true })).filter((f) => f.endsWith('.test.ts')).map((f) => join(root, f))))
  return lists.flat()
}

/** Built from parts so this file does not match its own patterns. */
const call = (name: string) => new RegExp(`\\b${name.replace('.', '\\.')}\\(`)
interface Rule { what: string; bad: RegExp; unless?: RegExp }
const RULES: Rule[] = [
  { what: 'mocks a module', bad: call('vi.mock') },
  { what: 'sets process.env', bad: new RegExp(`process\\.env(\\.\\w+|\\[[^\\]]+\\])\\s*=(?!=)`) },
  { what: 'deletes from process.env', bad: new RegExp(`delete process\\.env`) },
  { what: 'changes the working folder', bad: call('process.chdir') },
  { what: 'fakes timers without restoring them', bad: call('vi.useFakeTimers'), unless: call('vi.useRealTimers') },
  { what: 'stubs a global without unstubbing it', bad: call('vi.stubGlobal'), unless: call('vi.unstubAllGlobals') },
  { what: 'stubs process.env without unstubbing it', bad: call('vi.stubEnv'), unless: call('vi.unstubAllEnvs') },
]

const breaks = (rule: Rule, text: string): boolean => rule.bad.test(text) && !(rule.unless?.test(text) ?? false)

describe('test files share a process', () => {
  it('no test file leaves state behind for the next file in its process', async () => {
    const files = await testFiles()
    expect(files.length).toBeGreaterThan(200)
    const found: string[] = []
    for (const file of files) {
      if (file.endsWith('shared-test-process.test.ts')) continue
      const text = await readFile(file, 'utf8')
      for (const rule of RULES) if (breaks(rule, text)) found.push(`${file} ${rule.what}`)
    }
    expect(found).toEqual([])
  })

  it('each rule finds what it names', () => {
    const hit = (what: string, text: string) => breaks(RULES.find((r) => r.what === what) as Rule, text)
    expect(hit('sets process.env', "process.env['BOOTH_X'] = '1'")).toBe(true)
    expect(hit('sets process.env', 'process.env.BOOTH_X = "1"')).toBe(true)
    expect(hit('sets process.env', "if (process.env['BOOTH_X'] === '1') {}")).toBe(false)
    expect(hit('sets process.env', "const env = { ...process.env, BOOTH_X: '1' }")).toBe(false)
    expect(hit('fakes timers without restoring them', 'vi.useFakeTimers()')).toBe(true)
    expect(hit('fakes timers without restoring them', 'vi.useFakeTimers(); afterEach(() => vi.useRealTimers())')).toBe(false)
    expect(hit('mocks a module', "vi.mock('node:fs')")).toBe(true)
  })
})
