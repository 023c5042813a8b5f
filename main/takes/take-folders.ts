/**
 * Where takes live in the data folder, and reading a folder of them:
 *   <dataDir>/takes/<job_id>/   audio files + <take id>.take.json + .take-numbers.json (last number used)
 *   <dataDir>/trash/<job_id>/   the same for deleted takes (recoverable until the trash is emptied)
 *   <dataDir>/renders/<job_id>/ trimmed copies made for delivery (derived; safe to delete)
 */
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { writeFileAtomic } from '../storage/atomic-file'
import { readJsonDataFile } from '../storage/json-data-file'
import { META_SUFFIX, readTakeMeta } from './take-meta-file'
import { API_ID_PATTERN } from '../../shared/check'
import { quotedName } from '../../shared/display-text'
import { takeNumberInName } from './take-naming'
import { orphanAudioNames, unusedVersionFiles } from './take-orphans'
import { versionFolders } from '../version-records/version-meta'
import type { DamagedTake, TakeListing, TakeMeta } from './take-types'

export type Shelf = 'takes' | 'trash'

/** Per-job record of the last take number handed out (dot file: never listed as a take). */
const COUNTER_FILE = '.take-numbers.json'
/** Names of partial copies, a recording's reserved room and temp files that interrupted writes leave behind. */
const LEFTOVER = /^\..+(\.partial|\.reserve|\.\d+\.[0-9a-f]{8}\.tmp)$/
/** Temp files of the versions folders: a render being written, a recording being linked in or decoded. */
const VERSION_LEFTOVER = {
  renders: /^\.[0-9a-f]{64}\.wav\.\d+\.rendering$/,
  recordings: /^([0-9a-f]{64}\.wav\.\d+\.linking|\.convert-\d+-\d+\.wav)$/,
}

export class TakeFolders {
  /** When this Booth opened its data folder: a version file made or linked since is work under way, never removed. */
  private readonly openedAt = Date.now()

  constructor(readonly dataDir: string) {}

  dir(shelf: Shelf, jobId: string): string {
    return join(this.dataDir, shelf, jobId)
  }

  rendersDir(jobId: string): string {
    return join(this.dataDir, 'renders', jobId)
  }

  metaPath(shelf: Shelf, jobId: string, takeId: string): string {
    return join(this.dir(shelf, jobId), `${takeId}${META_SUFFIX}`)
  }

  audioPath(shelf: Shelf, meta: TakeMeta): string {
    return join(this.dir(shelf, meta.job_id), meta.file_name)
  }

  /** Job ids that have a folder on this shelf. */
  async jobIds(shelf: Shelf): Promise<string[]> {
    const names = await readdirOrEmpty(join(this.dataDir, shelf))
    return names.filter((n) => API_ID_PATTERN.test(n)).sort((a, b) => Number(a) - Number(b))
  }

  /**
   * Reads every take of one job on one shelf, sorted by take number; unreadable ones are listed as
   * damaged, and so is audio no readable record names (take-orphans.ts), on either shelf.
   */
  async read(shelf: Shelf, jobId: string): Promise<TakeListing> {
    const dir = this.dir(shelf, jobId)
    const names = await readdirOrEmpty(dir)
    const takes: TakeMeta[] = []
    const damaged: DamagedTake[] = []
    const named = new Set<string>()
    const where = shelf === 'trash' ? ' (in the trash)' : ''
    for (const name of names.filter((n) => n.endsWith(META_SUFFIX) && !n.startsWith('.'))) {
      const metaPath = join(dir, name)
      const id = name.slice(0, -META_SUFFIX.length)
      const read = await readTakeMeta(metaPath)
      if (!read.ok) {
        // A record that still names its audio is one damaged take, with that audio (not listed twice).
        const fileName = read.fileName !== undefined && names.includes(read.fileName) ? read.fileName : null
        if (fileName) named.add(fileName)
        damaged.push({
          job_id: jobId,
          meta_path: metaPath,
          id,
          shelf,
          audio_path: fileName ? join(dir, fileName) : null,
          message: read.message.replace(/\.?$/, `${where}.`),
        })
        continue
      }
      named.add(read.meta.file_name)
      const audio = join(dir, read.meta.file_name)
      if (read.meta.job_id !== jobId) {
        damaged.push({
          job_id: jobId,
          meta_path: metaPath,
          id,
          shelf,
          audio_path: audio,
          message: `The take's metadata file ${quotedName(metaPath)} belongs to job ${read.meta.job_id}, not ${jobId}; it is left alone${where}.`,
        })
        continue
      }
      if (!(await exists(audio))) {
        damaged.push({
          job_id: jobId,
          meta_path: metaPath,
          id,
          shelf,
          message: `The audio file ${read.meta.file_name} of take ${read.meta.take_number} is missing from ${dir}${where}.`,
        })
        continue
      }
      takes.push(read.meta)
    }
    for (const name of orphanAudioNames(names, named)) {
      const audio = join(dir, name)
      damaged.push({
        job_id: jobId,
        meta_path: null,
        id: `audio:${name}`,
        shelf,
        audio_path: audio,
        message: `${quotedName(name)}${where} has no take record Booth can read; the file is kept at ${audio}.`,
      })
    }
    takes.sort((a, b) => a.take_number - b.take_number)
    return { takes, damaged }
  }

  /** Finds which job and shelf hold a take id (the metadata file name is the id). */
  async locate(takeId: string): Promise<{ shelf: Shelf; jobId: string } | null> {
    for (const shelf of ['takes', 'trash'] as const) {
      for (const jobId of await this.jobIds(shelf)) {
        if (await exists(this.metaPath(shelf, jobId, takeId))) return { shelf, jobId }
      }
    }
    return null
  }

  /**
   * Hands out the next take number of a job (call under the job's lock): one more than any number ever
   * used, by valid metadata or a file name on either shelf (so a damaged take's number is not reused)
   * or by the job's counter file (so numbers stay unique after the trash is emptied).
   */
  async claimNumber(jobId: string): Promise<number> {
    let max = await this.readCounter(jobId)
    for (const shelf of ['takes', 'trash'] as const) {
      const { takes } = await this.read(shelf, jobId)
      for (const t of takes) max = Math.max(max, t.take_number)
      for (const name of await readdirOrEmpty(this.dir(shelf, jobId))) max = Math.max(max, takeNumberInName(name) ?? 0)
    }
    const next = max + 1
    await mkdir(this.dir('takes', jobId), { recursive: true })
    await writeFileAtomic(this.counterPath(jobId), `${JSON.stringify({ last_take_number: next })}\n`)
    return next
  }

  /**
   * Removes what an interrupted operation left in a job's folder: partial import copies
   * (`.<name>.partial`) and atomic-write temp files (`.<name>.<pid>.<hex>.tmp`). Neither is ever a take.
   * Returns the names removed.
   */
  async removeLeftovers(jobId: string): Promise<string[]> {
    const dir = this.dir('takes', jobId)
    // First, while the files' change times are still those the crash left (removing a temp file a
    // recording is hard-linked to changes the recording's): versions' files no version uses.
    const removedUnused = await this.removeUnusedVersionFiles(jobId)
    const names = (await readdirOrEmpty(dir)).filter((n) => LEFTOVER.test(n))
    for (const name of names) await rm(join(dir, name), { force: true })
    // A render, a link or a decode of the versions cut off by a crash leaves its temp file in the versions
    // folders (render-edit-list.ts, recordings.ts): never a render or a recording, so it goes too.
    const folders = versionFolders(dir)
    for (const [sub, pattern] of [
      [folders.renders, VERSION_LEFTOVER.renders],
      [folders.recordings, VERSION_LEFTOVER.recordings],
    ] as const) {
      const temps = (await readdirOrEmpty(sub)).filter((n) => pattern.test(n) || LEFTOVER.test(n))
      for (const name of temps) await rm(join(sub, name), { force: true })
      names.push(...temps.map((n) => relative(dir, join(sub, n))))
    }
    return [...removedUnused.map((p) => relative(dir, p)), ...names]
  }

  /**
   * Removes the versions' recordings and renders that no version of the job's takes uses (take-orphans.ts):
   * what an interrupted finish, pickup or comp wrote before its version was kept. Kept whatever the
   * records say: a file a pending delivery names (the delivery queue on disk), and a file made or linked
   * since this Booth started (work under way). Nothing at all is removed when a take record, a version or
   * the delivery queue cannot be read. Returns the paths removed.
   */
  private async removeUnusedVersionFiles(jobId: string): Promise<string[]> {
    const folders = versionFolders(this.dir('takes', jobId))
    const listed = {
      recordings: await readdirOrEmpty(folders.recordings),
      renders: await readdirOrEmpty(folders.renders),
    }
    if (listed.recordings.length + listed.renders.length === 0) return []
    const pending = await pendingDeliveryFiles(this.dataDir)
    if (pending === null) return []
    const live = await this.read('takes', jobId)
    const trash = await this.read('trash', jobId)
    const unreadable = [...live.damaged, ...trash.damaged].some((d) => d.meta_path !== null)
    const unused = unusedVersionFiles(listed, [...live.takes, ...trash.takes], unreadable)
    if (!unused) return []
    // A take's seal (`<sha256>.sealed`, its own file linked in: recordings.ts) goes with the take's file.
    const takeFiles = new Set<string>()
    for (const [shelf, takes] of [
      ['takes', live.takes],
      ['trash', trash.takes],
    ] as const) {
      for (const t of takes) {
        const info = await stat(this.audioPath(shelf, t)).catch(() => null)
        if (info) takeFiles.add(`${info.dev}:${info.ino}`)
      }
    }
    const seals: string[] = []
    for (const name of listed.recordings.filter((n) => /^[0-9a-f]{64}\.sealed$/.test(n))) {
      const info = await stat(join(folders.recordings, name)).catch(() => null)
      if (info && !takeFiles.has(`${info.dev}:${info.ino}`)) seals.push(name)
    }
    const removed: string[] = []
    for (const path of [
      ...[...unused.recordings, ...seals].map((n) => join(folders.recordings, n)),
      ...unused.renders.map((n) => join(folders.renders, n)),
    ]) {
      if (pending.has(path)) continue
      const info = await stat(path).catch(() => null)
      if (!info || info.ctimeMs >= this.openedAt) continue
      await rm(path, { force: true })
      removed.push(path)
    }
    return removed
  }

  private counterPath(jobId: string): string {
    return join(this.dir('takes', jobId), COUNTER_FILE)
  }

  /**
   * The last number handed out; 0 when the counter is missing or unreadable (the scan still protects
   * numbers). A damaged counter is set aside (the page says so), never overwritten.
   */
  private async readCounter(jobId: string): Promise<number> {
    const about = {
      what: `The record of take numbers given out for job ${jobId}`,
      reset: 'Numbers go on after the highest take on disk, in the takes and the trash.',
    }
    try {
      const read = await readJsonDataFile(this.counterPath(jobId), { fallback: 0, validate: counterValue, about })
      return read.value
    } catch {
      return 0
    }
  }
}

function counterValue(value: unknown): number {
  const n =
    typeof value === 'object' && value !== null ? (value as { last_take_number?: unknown }).last_take_number : undefined
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1)
    throw new Error('last_take_number is not a whole number from 1')
  return n
}

async function readdirOrEmpty(dir: string): Promise<string[]> {
  try {
    return await readdir(dir)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw err
  }
}

export async function exists(path: string): Promise<boolean> {
  try {
    await stat(path)
    return true
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false
    throw err
  }
}

/** The delivery queue's file in the data folder (main/delivery/delivery-queue-file.ts, which builds on this folder). */
const DELIVERY_QUEUE_FILE = 'delivery-queue.json'

/**
 * The files the delivery queue on disk names (each item's prepared file); an empty set when there is no
 * queue, null when it cannot be read (then no version file is removed: a delivery may use any of them).
 */
async function pendingDeliveryFiles(dataDir: string): Promise<Set<string> | null> {
  let text: string
  try {
    text = await readFile(join(dataDir, DELIVERY_QUEUE_FILE), 'utf8')
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOENT' ? new Set() : null
  }
  try {
    const items = (JSON.parse(text) as { items?: unknown }).items
    if (!Array.isArray(items)) return null
    const paths = new Set<string>()
    for (const item of items as Array<{ file?: { path?: unknown } | null }>)
      if (typeof item?.file?.path === 'string') paths.add(item.file.path)
    return paths
  } catch {
    return null
  }
}
