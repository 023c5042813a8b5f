/**
 * Every place in main that starts a process passes the scrubbed environment: a file that imports
 * node:child_process must also use childEnv() in each spawn/exec call's options.
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

const KNOWN = ['main/audio/run-ffmpeg.ts', 'main/readback/follow/utterance-decode.ts', 'main/readback/pocketsphinx-engine.ts', 'main/readback/pronunciations.ts', 'main/storage/process-identity.ts', 'main/web/web-ports.ts']

describe('process starts in main', () => {
  const files = ['main', 'preload'].flatMap((d) => sources(join(ROOT, d)))
  const starters = files.filter((f) => /from ['"](node:)?child_process['"]/.test(readFileSync(f, 'utf8')))

  it('are few and known', () => {
    expect(starters.map((f) => relative(ROOT, f)).sort()).toEqual(KNOWN)
  })

  it.each(KNOWN)('%s gives every call the scrubbed environment', (file) => {
    const text = readFileSync(join(ROOT, file), 'utf8')
    const calls = text.match(/(?<!\.)\b(spawn|execFile|exec|fork|spawnSync|execFileSync|execSync)\(/g) ?? [] // not RegExp.prototype.exec
    const scrubbed = text.match(/env: childEnv\(/g) ?? []
    expect(calls.length).toBeGreaterThan(0)
    expect(scrubbed.length).toBe(calls.length)
  })
})
