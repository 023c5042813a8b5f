/**
 * A small settings file kept in memory and written atomically on each change: read once with `load()`
 * (a missing file gives the defaults; a damaged one is moved aside with a time stamp and the page says so
 * (json-data-file.ts); one that cannot be read at all is reset to them with a warning), then `get()` and
 * `update(patch)`. Booth's own settings, the read-back's settings and the delivery profiles are each one.
 */
import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import { writeFileAtomic } from './atomic-file'
import type { DataFileAbout } from './damaged-files'
import { readJsonDataFile } from './json-data-file'

export interface JsonSettingsFileOptions<T> {
  path: string
  defaults: T
  /** Turns what was read into settings, or throws with the reason it cannot. */
  validate: (value: unknown) => T
  /** What the file holds and what its defaults mean, for the page when a damaged file was set aside. */
  about: DataFileAbout
  /** The warning when the file was unreadable and reset, given the reason. */
  resetMessage: (reason: string) => string
  warn?: (message: string) => void
}

export class JsonSettingsFile<T extends object> {
  private current: T

  constructor(private readonly options: JsonSettingsFileOptions<T>) {
    this.current = { ...options.defaults }
  }

  async load(): Promise<T> {
    const { path, defaults, validate, about } = this.options
    try {
      const read = await readJsonDataFile(path, { fallback: { ...defaults }, validate, about })
      if (read.setAside)
        this.options.warn?.(
          this.options.resetMessage(`${read.setAside.detail}; the old file is kept as ${read.setAside.keptAs}`),
        )
      this.current = read.value
    } catch (err) {
      this.options.warn?.(this.options.resetMessage((err as Error).message))
      this.current = { ...defaults }
    }
    return this.current
  }

  get(): T {
    return this.current
  }

  async update(patch: Partial<T>): Promise<T> {
    this.current = { ...this.current, ...patch }
    await mkdir(dirname(this.options.path), { recursive: true })
    await writeFileAtomic(this.options.path, JSON.stringify(this.current, null, 2))
    return this.current
  }
}
