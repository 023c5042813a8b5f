/**
 * Every place in main that starts a process passes the scrubbed environment: a file that imports
 * node:child_process, or starts analysis children through main/process/background-child.ts (which passes
 * its callers' options on as they are), must also use childEnv() in each spawn/exec call's options.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '..', '..', '..')

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return sources(path)
    return /\.(ts|tsx|mts|cts)$/.test(e.name) ? [path] : []
  })
}

/** The one module that starts analysis children at background priority, with its callers' options. */
const WRAPPER = 'main/process/background-child.ts'
const KNOWN = [WRAPPER, 'main/storage/process-identity.ts', 'main/web/web-ports.ts']
const KNOWN_BACKGROUND = [
  'main/audio/run-ffmpeg.ts',
  'main/prompter/utterance-decode.ts',
  'main/readback/engines/pocketsphinx/pocketsphinx-engine.ts',
  'main/readback/script/pronunciations.ts',
]

describe('process starts in main', () => {
  const files = ['main', 'preload'].flatMap((d) => sources(join(ROOT, d)))
  const using = (pattern: RegExp) =>
    files
      .filter((f) => pattern.test(readFileSync(f, 'utf8')))
      .map((f) => relative(ROOT, f))
      .sort()

  it('are few and known', () => {
    // A type-only import starts nothing.
    expect(using(/^import (?!type )[^;]*from ['"](node:)?child_process['"]/m)).toEqual(KNOWN)
    expect(using(/from ['"][./]*process\/background-child['"]/)).toEqual(KNOWN_BACKGROUND)
  })

  it.each([...KNOWN.filter((f) => f !== WRAPPER), ...KNOWN_BACKGROUND])(
    '%s gives every call the scrubbed environment',
    (file) => {
      const text = readFileSync(join(ROOT, file), 'utf8')
      const calls =
        text.match(
          /(?<!\.)\b(spawn|execFile|exec|fork|spawnSync|execFileSync|execSync|spawnInBackground|spawnShellInBackground)\(/g,
        ) ?? [] // not RegExp.prototype.exec
      const scrubbed = text.match(/env: childEnv\(/g) ?? []
      expect(calls.length).toBeGreaterThan(0)
      expect(scrubbed.length).toBe(calls.length)
    },
  )
})
