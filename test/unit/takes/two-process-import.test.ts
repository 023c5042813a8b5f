/**
 * Two processes importing into one job of one data folder at the same moment (two Booths the data-folder
 * lock would refuse, or any tool beside Booth): every take gets its own number and file, and every file
 * on disk holds the audio of its own source (none overwritten by another's).
 */
import { execFile, spawn } from 'node:child_process'
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { TakeStore } from '../../../main/takes/take-store'
import { ffprobe, makeTone, probeMeasure } from './helpers/media'

const run = promisify(execFile)
const CHILD = fileURLToPath(new URL('./import-child.ts', import.meta.url))
const JOB = '1042'
let root: string

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'booth-two-imports-'))
})
afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

interface Imported {
  source: string
  take_number: number
  file_name: string
}

function importer(dataDir: string, go: string, files: string[]): { ready: Promise<void>; result: Promise<Imported[]> } {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dataDir, JOB, go, ...files], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let err = ''
  child.stderr.on('data', (d: Buffer) => (err += d.toString()))
  let ready: () => void = () => {}
  const readyP = new Promise<void>((r) => (ready = r))
  const result = new Promise<Imported[]>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line === 'ready') return ready()
      const value = JSON.parse(line) as Imported[] | { error: string }
      if (Array.isArray(value)) resolve(value)
      else reject(new Error(value.error))
    })
    child.once('exit', (code) => reject(new Error(`importer exited (${code}): ${err}`)))
  })
  return { ready: readyP, result }
}

it('no take number or file name is given twice and no WAV is overwritten when two processes import at once', async () => {
  const sources = join(root, 'sources')
  await (await import('node:fs/promises')).mkdir(sources)
  // Each process imports its own files: tones of different lengths, and speech by two espeak-ng voices.
  const mine = async (who: string): Promise<string[]> => {
    const files: string[] = []
    for (const seconds of [1, 2, 3]) {
      const path = join(sources, `${who}-tone-${seconds}s.wav`)
      await makeTone(path, seconds + (who === 'b' ? 0.5 : 0), ['-c:a', 'pcm_s24le'])
      files.push(path)
    }
    for (const [voice, text] of [
      ['en-us', 'Spring sale at Miller and Sons, this weekend only.'],
      ['en-gb+f3', `Take ${who}: twenty percent off, not thirty.`],
    ] as const) {
      const path = join(sources, `${who}-${voice}.wav`)
      await run('espeak-ng', ['-v', voice, '-s', who === 'a' ? '150' : '190', '-w', path, text])
      files.push(path)
    }
    return files
  }
  const [aFiles, bFiles] = [await mine('a'), await mine('b')]
  const dataDir = join(root, 'data')
  const go = join(root, 'go')
  const a = importer(dataDir, go, aFiles)
  const b = importer(dataDir, go, bFiles)
  await Promise.all([a.ready, b.ready])
  await writeFile(go, '')
  const imported = [...(await a.result), ...(await b.result)]

  expect(imported).toHaveLength(10)
  expect(new Set(imported.map((t) => t.take_number)).size).toBe(10)
  expect(new Set(imported.map((t) => t.file_name)).size).toBe(10)
  expect(imported.map((t) => t.take_number).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])

  // What Booth lists afterwards: ten takes, each file the length of its own source.
  const listing = await new TakeStore({ dataDir, measure: probeMeasure }).list(JOB)
  expect(listing.damaged).toEqual([])
  expect(listing.takes).toHaveLength(10)
  const audio = (await readdir(join(dataDir, 'takes', JOB))).filter((n) => n.endsWith('.wav'))
  expect(audio).toHaveLength(10)
  for (const t of imported) {
    const source = await ffprobe(t.source)
    const kept = await ffprobe(join(dataDir, 'takes', JOB, t.file_name))
    expect(kept.durationS, `${t.file_name} holds ${t.source}`).toBeCloseTo(source.durationS, 2)
    expect((await stat(join(dataDir, 'takes', JOB, t.file_name))).size).toBeGreaterThan(1000)
  }
}, 120_000)
