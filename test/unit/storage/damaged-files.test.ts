/**
 * Data files Booth cannot read, on a real disk: moved aside with a time stamp, byte for byte, never over
 * another file (a second damage in the same second gets its own name), recorded for the page per data
 * folder; a missing file is simply the fallback, and a file that cannot be read at all stays where it is.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  dismissSetAsideFile,
  setAsideDamagedFile,
  setAsideFilesUnder,
  setAsideStamp,
  watchSetAsideFiles,
} from '../../../main/storage/damaged-files'
import { readJsonDataFile } from '../../../main/storage/json-data-file'

const dirs: string[] = []
async function folder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'booth-damaged-'))
  dirs.push(dir)
  return dir
}
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })))
})

const ABOUT = { what: 'A test file', reset: 'It starts empty.' }
const AT = Date.UTC(2026, 10, 25, 10, 31, 2, 345)
const isObject = (v: unknown) => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error('it is not an object')
  return v as Record<string, unknown>
}

describe('moving a damaged file aside', () => {
  it('keeps the bytes under a time-stamped name beside it and records what was reset', async () => {
    const dir = await folder()
    const path = join(dir, 'settings.json')
    const bytes = Buffer.from('{"baseUrl": "https://api.example.com", "notif')
    await writeFile(path, bytes)
    const record = await setAsideDamagedFile(path, ABOUT, 'it is not valid JSON', () => AT)
    expect(setAsideStamp(AT)).toBe('2026-11-25T10-31-02Z')
    expect(record?.keptAs).toBe(join(dir, 'settings.json.damaged-2026-11-25T10-31-02Z'))
    expect(await readFile(record?.keptAs ?? '')).toEqual(bytes)
    expect(await readdir(dir)).toEqual(['settings.json.damaged-2026-11-25T10-31-02Z'])
    expect(setAsideFilesUnder(dir)).toEqual([
      expect.objectContaining({
        path,
        what: 'A test file',
        reset: 'It starts empty.',
        reason: 'it is not valid JSON',
        at: AT,
      }),
    ])
  })

  it('never replaces a copy kept before, even one set aside in the same second', async () => {
    const dir = await folder()
    const path = join(dir, 'notices.json')
    await writeFile(path, 'first damage')
    const first = await setAsideDamagedFile(path, ABOUT, 'x', () => AT)
    await writeFile(path, 'second damage')
    const second = await setAsideDamagedFile(path, ABOUT, 'x', () => AT)
    await writeFile(path, 'third damage')
    const third = await setAsideDamagedFile(path, ABOUT, 'x', () => AT)
    expect([first?.keptAs, second?.keptAs, third?.keptAs]).toEqual([
      `${path}.damaged-2026-11-25T10-31-02Z`,
      `${path}.damaged-2026-11-25T10-31-02Z-2`,
      `${path}.damaged-2026-11-25T10-31-02Z-3`,
    ])
    expect(await readFile(first?.keptAs ?? '', 'utf8')).toBe('first damage')
    expect(await readFile(second?.keptAs ?? '', 'utf8')).toBe('second damage')
    expect(await readFile(third?.keptAs ?? '', 'utf8')).toBe('third damage')
  })

  it('a file already gone is nothing to keep', async () => {
    const dir = await folder()
    expect(await setAsideDamagedFile(join(dir, 'gone.json'), ABOUT, 'x')).toBeNull()
    expect(setAsideFilesUnder(dir)).toEqual([])
  })

  it('records are per data folder, watched, and dismissed one by one (the copy stays)', async () => {
    const a = await folder()
    const b = await folder()
    const seen: string[] = []
    const stop = watchSetAsideFiles(a, (r) => seen.push(r.path))
    await writeFile(join(a, 'x.json'), '[')
    await writeFile(join(b, 'y.json'), '[')
    const rec = await setAsideDamagedFile(join(a, 'x.json'), ABOUT, 'x')
    await setAsideDamagedFile(join(b, 'y.json'), ABOUT, 'y')
    stop()
    expect(seen).toEqual([join(a, 'x.json')])
    expect(setAsideFilesUnder(a).map((r) => r.path)).toEqual([join(a, 'x.json')])
    dismissSetAsideFile(rec?.id ?? '')
    expect(setAsideFilesUnder(a)).toEqual([])
    expect(await readFile(rec?.keptAs ?? '', 'utf8')).toBe('[')
  })
})

describe('reading a JSON data file', () => {
  it.each([
    ['empty', '', 'it is empty'],
    ['cut off', '{"items": [1, 2', 'it is not valid JSON'],
    ['binary noise', '\u0000\u0001\u00ff\u0010', 'it is not valid JSON'],
    ['of the wrong shape', '[1, 2, 3]', 'it does not hold what Booth expects (it is not an object)'],
  ])('%s: set aside, the fallback answers, and nothing is written over it', async (_name, text, reason) => {
    const dir = await folder()
    const path = join(dir, 'data.json')
    await writeFile(path, text)
    const read = await readJsonDataFile(path, { fallback: { fresh: true }, validate: isObject, about: ABOUT })
    expect(read.value).toEqual({ fresh: true })
    expect(read.setAside?.reason).toContain(reason)
    // The log gets the reader's own words, with the file; the page's reason is plain words only.
    expect(read.setAside?.detail).toContain(path)
    expect(read.setAside?.reason).not.toContain(path)
    expect(await readFile(read.setAside?.keptAs ?? '', 'utf8')).toBe(text)
    await expect(readFile(path)).rejects.toThrow(/ENOENT/)
  })

  it('a file that is fine, or missing, is read as always and nothing is set aside', async () => {
    const dir = await folder()
    const path = join(dir, 'data.json')
    expect(await readJsonDataFile(path, { fallback: { fresh: true }, validate: isObject, about: ABOUT })).toEqual({
      value: { fresh: true },
      setAside: null,
    })
    await writeFile(path, '{"a": 1}')
    expect(await readJsonDataFile(path, { fallback: {}, validate: isObject, about: ABOUT })).toEqual({
      value: { a: 1 },
      setAside: null,
    })
    expect(setAsideFilesUnder(dir)).toEqual([])
  })

  it('a file that cannot be read at all (a folder in its place) is left where it is and its error goes on', async () => {
    const dir = await folder()
    const path = join(dir, 'data.json')
    await mkdir(path)
    await expect(readJsonDataFile(path, { fallback: {}, validate: isObject, about: ABOUT })).rejects.toThrow(
      /could not be read/,
    )
    expect(await readdir(dir)).toEqual(['data.json'])
  })
})
