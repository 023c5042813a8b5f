/**
 * The delivery queue on disk: `<dataDir>/delivery-queue.json`, written atomically (temp file + fsync +
 * rename), so a crash leaves the old list or the new one. A damaged file is set aside (never silently
 * lost) and the queue starts empty; the delivery service then rebuilds it from the takes, which carry
 * their own delivery state and key.
 */
import { removeLeftoverTempFiles, writeFileAtomic } from '../storage/atomic-file'
import { readJsonDataFile } from '../storage/json-data-file'
import { API_ID_PATTERN } from '../../shared/check'
import { TAKE_LABEL_VALUES, type DeliveryQueueEntry, type QueueEntryStatus } from '../../shared/bridge-takes'

export const QUEUE_FILE = 'delivery-queue.json'
const STATUSES: readonly QueueEntryStatus[] = ['waiting', 'sending', 'paused', 'failed']

/** The file actually uploaded for a queued delivery (a trimmed render or the take's own file). */
export interface PreparedFile {
  path: string
  file_name: string
  size: number
  mtimeMs: number
  /** Its SHA-256 when it was prepared: checked again right before each upload (absent in older queues). */
  sha256?: string
}

export interface QueueItem extends Omit<DeliveryQueueEntry, 'canCancel' | 'outcomeUnknown'> {
  /** Set before each POST; cleared when the server answers an error (it then recorded nothing). */
  mayHaveArrived: boolean
  file: PreparedFile | null
}

interface QueueFile {
  schema: 1
  items: QueueItem[]
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)
const isStrOrNull = (v: unknown) => v === null || typeof v === 'string'

function checkFile(v: unknown, i: number): PreparedFile | null {
  if (v === null) return null
  if (
    !isObj(v) ||
    typeof v.path !== 'string' ||
    typeof v.file_name !== 'string' ||
    !isNum(v.size) ||
    !isNum(v.mtimeMs)
  ) {
    throw new Error(`item ${i} has a damaged "file" entry`)
  }
  const sha256 = typeof v.sha256 === 'string' && /^[0-9a-f]{64}$/.test(v.sha256) ? { sha256: v.sha256 } : {}
  return { path: v.path, file_name: v.file_name, size: v.size, mtimeMs: v.mtimeMs, ...sha256 }
}

function checkItem(v: unknown, i: number): QueueItem {
  if (!isObj(v)) throw new Error(`item ${i} is not an object`)
  const { takeId, jobId, label, note, queuedAt, status, message, attempts, nextAttemptAt, mayHaveArrived } = v
  if (typeof takeId !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(takeId))
    throw new Error(`item ${i} has no valid take id`)
  if (typeof jobId !== 'string' || !API_ID_PATTERN.test(jobId)) throw new Error(`item ${i} has no valid job id`)
  if (!(TAKE_LABEL_VALUES as readonly unknown[]).includes(label)) throw new Error(`item ${i} has an unknown label`)
  if (!isStrOrNull(note) || !isStrOrNull(message)) throw new Error(`item ${i} has a note or message that is not text`)
  if (!isNum(queuedAt) || !isNum(attempts)) throw new Error(`item ${i} has no valid queue time or attempt count`)
  if (!STATUSES.includes(status as QueueEntryStatus)) throw new Error(`item ${i} has an unknown status`)
  if (nextAttemptAt !== null && !isNum(nextAttemptAt)) throw new Error(`item ${i} has an invalid next attempt time`)
  if (typeof mayHaveArrived !== 'boolean') throw new Error(`item ${i} lacks the "mayHaveArrived" flag`)
  return {
    takeId,
    jobId,
    label: label as QueueItem['label'],
    note: note as string | null,
    queuedAt,
    status: status as QueueEntryStatus,
    message: message as string | null,
    attempts,
    nextAttemptAt: nextAttemptAt as number | null,
    mayHaveArrived,
    file: checkFile(v.file, i),
    waitUntil: isNum(v.waitUntil) ? v.waitUntil : null,
  }
}

function checkQueueFile(v: unknown): QueueFile {
  if (!isObj(v) || v.schema !== 1 || !Array.isArray(v.items)) throw new Error('it is not a version 1 delivery queue')
  const items = v.items.map(checkItem)
  const seen = new Set<string>()
  for (const item of items) {
    if (seen.has(item.takeId)) throw new Error(`take ${item.takeId} is queued twice`)
    seen.add(item.takeId)
  }
  return { schema: 1, items }
}

export interface LoadedQueue {
  items: QueueItem[]
  /** Where a damaged file was moved, so the log can say so; null when the file was fine or missing. */
  setAsideTo: string | null
  problem: string | null
}

const QUEUE_ABOUT = {
  what: 'The delivery queue',
  reset:
    'Booth rebuilds it from the takes, which keep their own delivery state: check that the takes you queued are queued again.',
}

export async function loadQueueFile(path: string, now: number): Promise<LoadedQueue> {
  await removeLeftoverTempFiles(path)
  try {
    const read = await readJsonDataFile(path, {
      fallback: { schema: 1, items: [] } as QueueFile,
      validate: checkQueueFile,
      about: QUEUE_ABOUT,
      now: () => now,
    })
    return {
      items: read.value.items,
      setAsideTo: read.setAside?.keptAs ?? null,
      problem: read.setAside?.reason ?? null,
    }
  } catch (err) {
    // Not damaged but unreadable (permissions, a disk error): left where it is; the takes still say what is queued.
    return { items: [], setAsideTo: null, problem: err instanceof Error ? err.message : String(err) }
  }
}

export async function saveQueueFile(path: string, items: readonly QueueItem[]): Promise<void> {
  const file: QueueFile = { schema: 1, items: [...items] }
  await writeFileAtomic(path, `${JSON.stringify(file, null, 1)}\n`)
}
