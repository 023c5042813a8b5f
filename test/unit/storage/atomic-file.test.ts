import { execFile } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  JsonFileError,
  readJsonFile,
  removeLeftoverTempFiles,
  writeFileAtomic,
} from '../../../main/storage/atomic-file'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'booth-atomic-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const crashFixture = fileURLToPath(new URL('./fixtures/crash-before-rename.ts', import.meta.url))

function runChild(args: string[]): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, ['--import', 'tsx', crashFixture, ...args], { cwd: process.cwd() })
    child.on('exit', (code, signal) => resolve({ code, signal }))
  })
}

const isCounts = (value: unknown): { n: number } => {
  if (typeof value !== 'object' || value === null || typeof (value as { n?: unknown }).n !== 'number') {
    throw new Error('expected an object with a number "n"')
  }
  return value as { n: number }
}

describe('writeFileAtomic', () => {
  it('creates and replaces a file, leaving no temp files behind', async () => {
    const target = join(dir, 'state.json')
    await writeFileAtomic(target, '{"n":1}')
    await writeFileAtomic(target, new TextEncoder().encode('{"n":2}'))
    expect(await readFile(target, 'utf8')).toBe('{"n":2}')
    expect(await readdir(dir)).toEqual(['state.json'])
    if (process.platform !== 'win32') expect((await stat(target)).mode & 0o777).toBe(0o600)
  })

  it('keeps the old file intact when the process is killed between write and rename', async () => {
    const target = join(dir, 'ledger.json')
    await writeFile(target, '{"n":1}')
    const { signal } = await runChild([target, '{"n":2}'])
    expect(signal).toBe('SIGKILL')
    expect(await readFile(target, 'utf8')).toBe('{"n":1}')
    const names = await readdir(dir)
    const leftover = names.find((name) => name.endsWith('.tmp'))
    expect(leftover, 'the fully written temp file is still there, as after a power cut').toBeDefined()
    expect(await readFile(join(dir, leftover ?? ''), 'utf8')).toBe('{"n":2}')
    expect(await readJsonFile(target, { validate: isCounts })).toEqual({ n: 1 })
    expect(await removeLeftoverTempFiles(target)).toBe(1)
    expect(await readdir(dir)).toEqual(['ledger.json'])
  })

  it('retries a rename refused with EPERM/EBUSY (Windows) and then succeeds', async () => {
    const target = join(dir, 'retry.json')
    const { rename } = await import('node:fs/promises')
    let refusals = 0
    await writeFileAtomic(target, 'ok', {
      steps: {
        rename: async (from, to) => {
          if (refusals < 2) {
            refusals++
            throw Object.assign(new Error('operation not permitted'), { code: refusals === 1 ? 'EPERM' : 'EBUSY' })
          }
          await rename(from, to)
        },
      },
    })
    expect(refusals).toBe(2)
    expect(await readFile(target, 'utf8')).toBe('ok')
  })

  it('gives up with a clear error, removes its temp file and keeps the old file on a lasting failure', async () => {
    const target = join(dir, 'stuck.json')
    await writeFile(target, 'old')
    const failing = writeFileAtomic(target, 'new', {
      renameRetries: 1,
      steps: { rename: async () => Promise.reject(Object.assign(new Error('resource busy'), { code: 'EBUSY' })) },
    })
    await expect(failing).rejects.toThrow(`Could not save ${target}: resource busy`)
    expect(await readFile(target, 'utf8')).toBe('old')
    expect(await readdir(dir)).toEqual(['stuck.json'])
  })

  it('refuses bad arguments and a missing folder with readable errors', async () => {
    await expect(writeFileAtomic('', 'x')).rejects.toThrow(/needs a file path/)
    await expect(writeFileAtomic(join(dir, 'x'), 42 as unknown as string)).rejects.toThrow(/text or bytes only/)
    await expect(writeFileAtomic(join(dir, 'no', 'such', 'x.json'), 'x')).rejects.toThrow(/Could not save .*ENOENT/)
  })
})

describe('readJsonFile', () => {
  it('returns the validated value, or the fallback when the file is missing', async () => {
    const target = join(dir, 'c.json')
    expect(await readJsonFile(target, { fallback: { n: 0 }, validate: isCounts })).toEqual({ n: 0 })
    await writeFile(target, '\ufeff{"n":7}')
    expect(await readJsonFile(target, { validate: isCounts })).toEqual({ n: 7 })
  })

  it('names the file and the reason for every kind of failure', async () => {
    const target = join(dir, 'c.json')
    const reasonOf = async (promise: Promise<unknown>) => {
      const error = await promise.then(
        () => null,
        (e: unknown) => e,
      )
      expect(error).toBeInstanceOf(JsonFileError)
      return error as JsonFileError
    }
    const missing = await reasonOf(readJsonFile(target, { validate: isCounts }))
    expect([missing.reason, missing.message]).toEqual(['missing', `The file ${target} does not exist.`])

    await writeFile(target, '{"n": 1,')
    const malformed = await reasonOf(readJsonFile(target, { fallback: { n: 0 }, validate: isCounts }))
    expect(malformed.reason).toBe('malformed')
    expect(malformed.message).toMatch(
      new RegExp(`^The file .*c\\.json is not valid JSON \\(.+\\); it may be damaged\\.$`),
    )

    await writeFile(target, '')
    expect((await reasonOf(readJsonFile(target, { validate: isCounts }))).message).toContain('(it is empty)')

    await writeFile(target, '{"n":"seven"}')
    const invalid = await reasonOf(readJsonFile(target, { validate: isCounts }))
    expect([invalid.reason, invalid.message]).toEqual([
      'invalid',
      `The file ${target} does not hold what Booth expects: expected an object with a number "n"`,
    ])

    const unreadable = await reasonOf(readJsonFile(dir, { validate: isCounts }))
    expect(unreadable.reason).toBe('unreadable')
    expect(unreadable.message).toContain('could not be read')
  })
})
