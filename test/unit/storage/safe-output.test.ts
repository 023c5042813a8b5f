/**
 * An output never replaces an input, by any name, on a real disk: a symlinked folder, `..`, a name that
 * differs only in case (one file on macOS and Windows disks), a hard link, a symlink at the output's name.
 * Each is refused in one sentence before anything is written, the input's bytes unchanged and no temp file
 * left; a write that fails leaves nothing, and one that succeeds replaces an unrelated output whole.
 */
import { link, mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkOutput, OutputRefusal, writeOutputSafely } from '../../../main/storage/safe-output'
import { tempDir } from '../delivery/delivery-fixture'

let work: Awaited<ReturnType<typeof tempDir>>
let takes = ''
let take = ''
const TAKE = Buffer.from('RIFF take bytes that must never change')

beforeAll(async () => {
  work = await tempDir('booth-safe-output-')
  takes = join(work.path, 'takes')
  await mkdir(takes)
  take = join(takes, 'take.wav')
  await writeFile(take, TAKE)
  await symlink(takes, join(work.path, 'linked'))
  await mkdir(join(work.path, 'other'))
  await link(take, join(work.path, 'other', 'hard.wav'))
  await symlink(take, join(work.path, 'other', 'soft.wav'))
})
afterAll(async () => {
  await work.remove()
})

async function leftovers(): Promise<string[]> {
  const names = [...(await readdir(takes)), ...(await readdir(join(work.path, 'other')))]
  return names.filter((n) => n.endsWith('.partial'))
}

describe('an output that is the take under another name', () => {
  const cases: Array<[string, () => string, RegExp]> = [
    ['the same path', () => take, /the same file/],
    ['through a symlinked folder', () => join(work.path, 'linked', 'take.wav'), /the same file/],
    ['through ..', () => join(work.path, 'other', '..', 'takes', 'take.wav'), /the same file/],
    ['a name differing only in case', () => join(takes, 'Take.WAV'), /but for case/],
    ['a case variant through the symlinked folder', () => join(work.path, 'linked', 'TAKE.wav'), /but for case/],
    ['a hard link to it', () => join(work.path, 'other', 'hard.wav'), /a link to the same file/],
    ['a symlink to it', () => join(work.path, 'other', 'soft.wav'), /the same file|a link/],
  ]
  for (const [name, output, why] of cases) {
    it(`${name}: refused in one sentence, nothing written, the take unchanged`, async () => {
      let wrote = false
      const err = await writeOutputSafely(
        output(),
        [take],
        async (temp) => {
          wrote = true
          await writeFile(temp, 'finished audio')
        },
        'the take',
      ).catch((e: unknown) => e)
      expect(err).toBeInstanceOf(OutputRefusal)
      const message = (err as Error).message
      expect(message).toMatch(why)
      expect(message).toMatch(/^The output .+ is the take .+; it is never written over\. Give another output file\.$/)
      expect(wrote).toBe(false)
      expect(await readFile(take)).toEqual(TAKE)
      expect(await leftovers()).toEqual([])
    })
  }

  it('the input given through the link, the output by its real path: refused too', async () => {
    await expect(checkOutput(take, [join(work.path, 'linked', 'take.wav')])).rejects.toBeInstanceOf(OutputRefusal)
  })

  it('any case mix of the name is refused (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }), async (upper) => {
        const name = [...'take.wav'].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join('')
        await expect(checkOutput(join(takes, name), [take])).rejects.toBeInstanceOf(OutputRefusal)
      }),
      { numRuns: 30 },
    )
  })
})

describe('an output that is another file', () => {
  it('is written whole through a temp file beside it, replacing what was there', async () => {
    const out = join(takes, 'finished.wav')
    await writeFile(out, 'old output')
    const seen: string[] = []
    const result = await writeOutputSafely(out, [take], async (temp) => {
      seen.push(temp)
      await writeFile(temp, 'finished audio')
      // Until the work ends, the output is what it was.
      expect(await readFile(out, 'utf8')).toBe('old output')
      return 7
    })
    expect(result).toBe(7)
    expect(seen[0]).toMatch(/\/\.finished\.wav\.\d+\.[0-9a-f]{8}\.partial$/)
    expect(await readFile(out, 'utf8')).toBe('finished audio')
    expect(await leftovers()).toEqual([])
  })

  it('a write that fails leaves no output and no temp file, and keeps an earlier output as it was', async () => {
    const fresh = join(takes, 'never.wav')
    await expect(
      writeOutputSafely(fresh, [take], async (temp) => {
        await writeFile(temp, 'half')
        throw new Error('ffmpeg could not read it')
      }),
    ).rejects.toThrow('ffmpeg could not read it')
    expect((await readdir(takes)).includes('never.wav')).toBe(false)
    const kept = join(takes, 'kept.wav')
    await writeFile(kept, 'earlier')
    await expect(
      writeOutputSafely(kept, [take], async () => {
        throw new Error('no')
      }),
    ).rejects.toThrow('no')
    expect(await readFile(kept, 'utf8')).toBe('earlier')
    expect(await leftovers()).toEqual([])
  })

  it('a folder that does not exist is named', async () => {
    await expect(checkOutput(join(work.path, 'nowhere', 'x.wav'), [take])).rejects.toThrow(
      /its folder .*nowhere does not exist\.$/,
    )
  })
})
