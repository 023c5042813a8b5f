/**
 * The web host's log sink: appends one line per entry to `<dataDir>/logs/booth.log` and rotates it when it
 * passes ~5 MB (booth.log → booth.1.log → … → booth.<keep>.log, the oldest dropped). Writes are synchronous
 * so lines stay in order and survive a crash right after they are logged; Booth logs little.
 * Entries arrive already redacted from redacting-log.ts.
 */
import { appendFileSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { isAbsolute, join } from 'node:path'
import type { LogEntry, LogSink } from './redacting-log'

export const DEFAULT_MAX_LOG_BYTES = 5 * 1024 * 1024

export interface FileSinkOptions {
  /** Booth's data folder; the log goes to `<dataDir>/logs/booth.log`. */
  dataDir: string
  /** Rotate when the file would pass this size (default 5 MB). */
  maxBytes?: number
  /** How many rotated files to keep (default 3). */
  keep?: number
}

export interface FileSink extends LogSink {
  /** Absolute path of the current log file. */
  readonly path: string
}

/** One human-readable line: ISO time, level, message, then the fields as JSON. */
export function formatLogLine(entry: LogEntry): string {
  const fields = Object.keys(entry.fields).length > 0 ? ` ${JSON.stringify(entry.fields)}` : ''
  const message = entry.message.replace(/\r?\n/g, '\\n')
  return `${new Date(entry.time).toISOString()} ${entry.level.toUpperCase().padEnd(5)} ${message}${fields}\n`
}

export function createFileSink(options: FileSinkOptions): FileSink {
  if (typeof options?.dataDir !== 'string' || !isAbsolute(options.dataDir)) {
    throw new TypeError(`The log file sink needs an absolute data folder; it was given "${String(options?.dataDir)}".`)
  }
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_LOG_BYTES
  const keep = options.keep ?? 3
  if (!Number.isInteger(maxBytes) || maxBytes < 1024) {
    throw new RangeError(`The log size limit must be a whole number of bytes, at least 1024; it was ${maxBytes}.`)
  }
  if (!Number.isInteger(keep) || keep < 1 || keep > 20) {
    throw new RangeError(`The number of rotated logs to keep must be 1 to 20; it was ${keep}.`)
  }
  const folder = join(options.dataDir, 'logs')
  const path = join(folder, 'booth.log')
  const rotated = (n: number) => join(folder, `booth.${n}.log`)
  // The folder is made on the first entry that can make it: a disk that refuses it now fails the writes
  // (which the caller copies elsewhere, see stderr-copy.ts), not Booth's start.
  let folderMade = false
  const makeFolder = () => {
    if (folderMade) return
    mkdirSync(folder, { recursive: true, mode: 0o700 })
    folderMade = true
  }
  try {
    makeFolder()
  } catch {
    // Tried again with each entry.
  }
  let size = currentSize(path)

  const rotate = () => {
    rmSync(rotated(keep), { force: true })
    for (let n = keep - 1; n >= 1; n--) {
      if (currentSize(rotated(n)) >= 0) renameSync(rotated(n), rotated(n + 1))
    }
    renameSync(path, rotated(1))
    size = 0
  }

  return {
    path,
    write(entry) {
      makeFolder()
      const line = formatLogLine(entry)
      const bytes = Buffer.byteLength(line)
      if (size > 0 && size + bytes > maxBytes) rotate()
      appendFileSync(path, line, { mode: 0o600 })
      size = Math.max(size, 0) + bytes
    },
  }
}

/** Size of a file, or -1 when it does not exist (treated as empty when appending). */
function currentSize(path: string): number {
  try {
    return statSync(path).size
  } catch {
    return -1
  }
}
