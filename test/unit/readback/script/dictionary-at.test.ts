/**
 * The pronunciation dictionary is read once per process and shared (pronunciations.ts dictionaryAt): the
 * read-back, the versions' transcriber and the prompter get one copy. A read that failed (the file not
 * there yet) is not remembered: the next caller reads again.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { dictionaryAt } from '../../../../main/readback/script/pronunciations'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'booth-dict-'))
  dirs.push(dir)
  return dir
}

describe('the shared pronunciation dictionary', () => {
  it('is read once: every caller gets the same words, variants included', async () => {
    const path = join(folder(), 'cmudict.dict')
    writeFileSync(path, 'harbor HH AA1 R B ER0\nread R IY1 D\nread(2) R EH1 D\n')
    const [a, b] = await Promise.all([dictionaryAt(path), dictionaryAt(path)])
    expect(a).toBe(b)
    expect(await dictionaryAt(path)).toBe(a)
    expect(a.get('read')).toEqual(['R IY1 D', 'R EH1 D'])
  })

  it('a failed read is tried again by the next caller', async () => {
    const path = join(folder(), 'later.dict')
    await expect(dictionaryAt(path)).rejects.toThrow(/ENOENT/)
    writeFileSync(path, 'arbor AA1 R B ER0\n')
    expect((await dictionaryAt(path)).get('arbor')).toEqual(['AA1 R B ER0'])
  })
})
