/**
 * The in-app notification centre's list on disk, so it survives a restart: a JSON file in the data folder,
 * written atomically after every change, newest first, at most MAX_NOTICES, with each notice's read flag.
 * A damaged file is reported and the list starts empty (the ledger still keeps each notice from being
 * raised twice); a single entry that does not fit is dropped, the others kept.
 */
import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import { JsonFileError, removeLeftoverTempFiles, writeFileAtomic } from '../storage/atomic-file'
import { readJsonDataFile } from '../storage/json-data-file'
import { MAX_NOTICES, NOTIFICATION_KINDS, type BoothNotice, type NotificationKind } from '../../shared/bridge-notices'

export const NOTICES_FILE_NAME = 'notices.json'
const NOTICES_ABOUT = { what: 'The notification list', reset: 'It starts empty; new notifications come as before.' }

interface NoticesFile {
  version: 1
  items: BoothNotice[]
}

const TEXT_MAX = 2000

function noticeFrom(value: unknown): BoothNotice | null {
  if (typeof value !== 'object' || value === null) return null
  const v = value as Record<string, unknown>
  const texts = [v.id, v.jobId, v.title, v.body]
  if (!texts.every((t) => typeof t === 'string' && t.length <= TEXT_MAX) || v.id === '' || v.jobId === '') return null
  if (!NOTIFICATION_KINDS.includes(v.kind as NotificationKind)) return null
  if (typeof v.at !== 'number' || !Number.isFinite(v.at) || typeof v.read !== 'boolean') return null
  return {
    id: v.id as string,
    kind: v.kind as NotificationKind,
    jobId: v.jobId as string,
    title: v.title as string,
    body: v.body as string,
    at: v.at,
    read: v.read,
  }
}

function validateNoticesFile(value: unknown): NoticesFile {
  if (typeof value !== 'object' || value === null || (value as { version?: unknown }).version !== 1) {
    throw new Error('expected {"version": 1, "items": [...]}')
  }
  const items = (value as { items?: unknown }).items
  if (!Array.isArray(items)) throw new Error('"items" must be a list')
  return { version: 1, items: items.map(noticeFrom).filter((n): n is BoothNotice => n !== null) }
}

/** Newest first, one per id, at most MAX_NOTICES. */
export function boundNotices(items: readonly BoothNotice[]): BoothNotice[] {
  const seen = new Set<string>()
  const out: BoothNotice[] = []
  for (const n of [...items].sort((a, b) => b.at - a.at)) {
    if (seen.has(n.id)) continue
    seen.add(n.id)
    out.push(n)
    if (out.length === MAX_NOTICES) break
  }
  return out
}

export interface NoticeListFile {
  load(): Promise<BoothNotice[]>
  /** Saves this list (bounded); writes are queued, so the last call wins on disk. */
  save(items: readonly BoothNotice[]): Promise<void>
}

export function openNoticeListFile(options: {
  file: string
  warn?: (message: string, fields?: Record<string, unknown>) => void
}): NoticeListFile {
  let queue: Promise<void> = Promise.resolve()
  return {
    async load() {
      await mkdir(dirname(options.file), { recursive: true })
      await removeLeftoverTempFiles(options.file)
      try {
        const read = await readJsonDataFile(options.file, {
          fallback: { version: 1, items: [] } as NoticesFile,
          validate: validateNoticesFile,
          about: NOTICES_ABOUT,
        })
        if (read.setAside)
          options.warn?.('The saved notification list could not be read; it starts empty.', {
            keptAs: read.setAside.keptAs,
            reason: read.setAside.detail,
          })
        return boundNotices(read.value.items)
      } catch (err) {
        if (!(err instanceof JsonFileError)) throw err
        options.warn?.('The saved notification list could not be read; it starts empty.', {
          reason: err.reason,
          message: err.message,
        })
        return []
      }
    },
    save(items) {
      const body = JSON.stringify({ version: 1, items: boundNotices(items) } satisfies NoticesFile)
      const write = queue.then(() => writeFileAtomic(options.file, body))
      queue = write.catch(() => undefined)
      return write
    },
  }
}
