/**
 * Crash-safe small files: write to a temporary file in the same folder, flush it to disk, then rename it
 * over the target. A crash at any point leaves either the old file or the new one, never half of either.
 * Used by the notification ledger and the offline cache.
 */
import { randomBytes } from 'node:crypto'
import { promises as fsp } from 'node:fs'
import { basename, dirname, join } from 'node:path'

/** The file-system steps writeFileAtomic takes; injectable so tests can stop between them. */
export interface AtomicWriteSteps {
  rename(from: string, to: string): Promise<void>
}

export interface WriteFileAtomicOptions {
  /** File mode for a new file (default 0o600: Booth's data is the user's own). */
  mode?: number
  /** Replace file-system steps (tests). */
  steps?: Partial<AtomicWriteSteps>
  /** How many times to retry a rename refused with EPERM/EBUSY/EACCES (Windows virus scanners, indexers). */
  renameRetries?: number
}

/** Error codes Windows answers while another process (anti-virus, search indexer) holds the file for a moment. */
const TRANSIENT_RENAME_CODES = new Set(['EPERM', 'EBUSY', 'EACCES'])

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined
}

/** The temporary name used next to `path` (dot-prefixed, unique per write, ends in `.tmp`). */
export function tempPathFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`)
}

async function renameWithRetry(
  rename: AtomicWriteSteps['rename'],
  from: string,
  to: string,
  retries: number,
): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await rename(from, to)
      return
    } catch (error) {
      if (attempt >= retries || !TRANSIENT_RENAME_CODES.has(errorCode(error) ?? '')) throw error
      await sleep(Math.min(20 * 2 ** attempt, 500))
    }
  }
}

/**
 * Writes `data` to `path` atomically: temp file in the same folder + fsync + rename (+ fsync of the folder
 * where the platform allows it). The folder must exist. On failure the temp file is removed and the old
 * file, if any, is left as it was.
 */
export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  options: WriteFileAtomicOptions = {},
): Promise<void> {
  if (typeof path !== 'string' || path.trim() === '') {
    throw new TypeError('writeFileAtomic needs a file path; it was given an empty or missing path.')
  }
  if (typeof data !== 'string' && !(data instanceof Uint8Array)) {
    throw new TypeError(`writeFileAtomic can write text or bytes only; it was given ${typeof data} for ${path}.`)
  }
  const rename = options.steps?.rename ?? ((from: string, to: string) => fsp.rename(from, to))
  const temp = tempPathFor(path)
  let handle: fsp.FileHandle | undefined
  try {
    handle = await fsp.open(temp, 'wx', options.mode ?? 0o600)
    await handle.writeFile(data)
    await handle.sync()
    await handle.close()
    handle = undefined
    await renameWithRetry(rename, temp, path, options.renameRetries ?? 8)
  } catch (error) {
    await handle?.close().catch(() => undefined)
    await fsp.rm(temp, { force: true }).catch(() => undefined)
    throw new Error(`Could not save ${path}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    })
  }
  await syncFolder(dirname(path))
}

/** Flushes the folder entry of the rename to disk. Not possible on Windows (and not needed there). */
async function syncFolder(folder: string): Promise<void> {
  if (process.platform === 'win32') return
  try {
    const dir = await fsp.open(folder, 'r')
    try {
      await dir.sync()
    } finally {
      await dir.close()
    }
  } catch {
    // Some file systems refuse fsync on a folder; the rename itself has already happened.
  }
}

/**
 * Removes temp files a crashed writeFileAtomic left next to `path` (`.<name>.<pid>.<hex>.tmp`). Call it once
 * at start-up, before anything writes `path`. Returns how many were removed.
 */
export async function removeLeftoverTempFiles(path: string): Promise<number> {
  const prefix = `.${basename(path)}.`
  let names: string[]
  try {
    names = await fsp.readdir(dirname(path))
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return 0
    throw error
  }
  const leftovers = names.filter(
    (name) => name.startsWith(prefix) && /^\d+\.[0-9a-f]{8}\.tmp$/.test(name.slice(prefix.length)),
  )
  await Promise.all(leftovers.map((name) => fsp.rm(join(dirname(path), name), { force: true })))
  return leftovers.length
}

/** Why readJsonFile failed: the file is missing, unreadable, not JSON, or JSON of the wrong shape. */
export type JsonFileErrorReason = 'missing' | 'unreadable' | 'malformed' | 'invalid'

export class JsonFileError extends Error {
  readonly reason: JsonFileErrorReason
  readonly path: string
  constructor(reason: JsonFileErrorReason, path: string, message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause })
    this.name = 'JsonFileError'
    this.reason = reason
    this.path = path
  }
}

export interface ReadJsonFileOptions<T> {
  /** Returned (as is) when the file does not exist. Without it a missing file is an error. */
  fallback?: T
  /** Checks the parsed value and returns it typed; throws (with a readable message) when it does not fit. */
  validate: (value: unknown) => T
}

/**
 * Reads and parses a JSON file. A missing file gives `fallback` when one is set; anything else wrong
 * (unreadable, not JSON, refused by `validate`) throws a JsonFileError whose message names the file and
 * the problem. A malformed file is never silently replaced here: the caller decides whether to reset it.
 */
export async function readJsonFile<T>(path: string, options: ReadJsonFileOptions<T>): Promise<T> {
  let text: string
  try {
    text = await fsp.readFile(path, 'utf8')
  } catch (error) {
    if (errorCode(error) === 'ENOENT') {
      if ('fallback' in options) return options.fallback as T
      throw new JsonFileError('missing', path, `The file ${path} does not exist.`, error)
    }
    const detail = error instanceof Error ? error.message : String(error)
    throw new JsonFileError('unreadable', path, `The file ${path} could not be read: ${detail}`, error)
  }
  let value: unknown
  try {
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)
  } catch (error) {
    const detail = text.trim() === '' ? 'it is empty' : error instanceof Error ? error.message : String(error)
    throw new JsonFileError(
      'malformed',
      path,
      `The file ${path} is not valid JSON (${detail}); it may be damaged.`,
      error,
    )
  }
  try {
    return options.validate(value)
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error)
    throw new JsonFileError('invalid', path, `The file ${path} does not hold what Booth expects: ${detail}`, error)
  }
}
