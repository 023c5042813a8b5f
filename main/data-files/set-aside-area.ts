/**
 * The page's view of the data files Booth set aside (main/storage/damaged-files.ts): listed on request, sent
 * again as `setAsideFiles` whenever one more is set aside, and dismissed by the talent one by one. A bridge
 * area of its own (shared/bridge-data-files.ts), above bridge/ and storage/, so storage/ need not import bridge/.
 *
 * The list outlives a restart: it is kept in `set-aside-files.json` in the data folder until the talent
 * dismisses each file (a Booth that quit or crashed before the page said so says it at the next start).
 * A file listed there whose kept copy is gone (the talent deleted it) is no longer listed.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { BridgeHandlers } from '../bridge/dispatch'
import type { EventHub } from '../bridge/event-hub'
import type { SetAsideFile } from '../../shared/bridge-data-files'
import { writeFileAtomic } from '../storage/atomic-file'
import {
  dismissSetAsideFile,
  forgetSetAsideFilesUnder,
  setAsideFilesUnder,
  watchSetAsideFiles,
} from '../storage/damaged-files'
import { readJsonDataFile } from '../storage/json-data-file'

export const SET_ASIDE_LIST_FILE = 'set-aside-files.json'

export interface SetAsideArea {
  handlers: Pick<BridgeHandlers, 'listSetAsideFiles' | 'dismissSetAsideFile'>
  /** Stops listening; resolves once the list on disk is written. */
  close(): Promise<void>
}

const FIELDS = ['id', 'what', 'reset', 'keptAs', 'reason'] as const

function validateList(value: unknown): SetAsideFile[] {
  const files = (value as { files?: unknown } | null)?.files
  if (!Array.isArray(files)) throw new Error('it has no list of files')
  return files.map((f: unknown, i) => {
    const o = f as Record<string, unknown> | null
    if (!o || typeof o !== 'object') throw new Error(`entry ${i + 1} is not an object`)
    for (const k of FIELDS) if (typeof o[k] !== 'string') throw new Error(`entry ${i + 1} has no ${k}`)
    if (typeof o['at'] !== 'number' || !Number.isFinite(o['at'])) throw new Error(`entry ${i + 1} has no time`)
    return {
      id: o['id'],
      what: o['what'],
      reset: o['reset'],
      keptAs: o['keptAs'],
      reason: o['reason'],
      at: o['at'],
    } as SetAsideFile
  })
}

export async function createSetAsideArea(
  dataDir: string,
  hub: EventHub,
  warn: (message: string, fields: Record<string, unknown>) => void = () => undefined,
): Promise<SetAsideArea> {
  const path = join(dataDir, SET_ASIDE_LIST_FILE)
  const current = (): SetAsideFile[] =>
    setAsideFilesUnder(dataDir).map(({ path: _path, detail: _detail, ...file }) => file)
  let saving: Promise<void> = Promise.resolve()
  /** What the file holds (as Booth last read or wrote it): a list that did not change is not written again. */
  let onDisk = '[]'
  const save = () => {
    const files = list()
    const text = JSON.stringify(files)
    if (text === onDisk) return
    onDisk = text
    saving = saving
      .then(() => writeFileAtomic(path, `${JSON.stringify({ files }, null, 1)}\n`))
      .catch((err: unknown) => {
        warn('could not keep the list of set-aside files', { err })
      })
  }
  // Listening first: the list file itself, found damaged, is set aside (and listed) like any other.
  const stop = watchSetAsideFiles(dataDir, () => {
    save()
    hub.emit('setAsideFiles', list())
  })
  const read = await readJsonDataFile(path, {
    validate: validateList,
    fallback: [],
    about: {
      what: 'the list of damaged files Booth set aside',
      reset: 'Files set aside before are no longer listed; their copies stay where they were kept.',
    },
  }).catch((err: unknown) => {
    warn('could not read the list of set-aside files', { err })
    return { value: [] as SetAsideFile[] }
  })
  let earlier = read.value
  onDisk = JSON.stringify(earlier)
  function list(): SetAsideFile[] {
    const now = current()
    const ids = new Set(now.map((f) => f.id))
    return [...earlier.filter((f) => !ids.has(f.id)), ...now]
      .filter((f) => existsSync(f.keptAs))
      .sort((a, b) => a.at - b.at)
  }
  save() // drops what is no longer kept
  return {
    handlers: {
      listSetAsideFiles: async () => list(),
      dismissSetAsideFile: async ({ id }) => {
        if (setAsideFilesUnder(dataDir).some((r) => r.id === id)) dismissSetAsideFile(id)
        if (earlier.some((f) => f.id === id)) earlier = earlier.filter((f) => f.id !== id)
        save()
        // Every window, and one that connects later (the hub replays the last list), sees it gone.
        const left = list()
        hub.emit('setAsideFiles', left)
        return left
      },
    },
    close: async () => {
      stop()
      save()
      await saving
      forgetSetAsideFilesUnder(dataDir)
    },
  }
}
