/**
 * A small settings file kept in memory and written atomically on each change: read once with `load()`
 * (a missing file gives the defaults; an unreadable or invalid one is reset to them with a warning),
 * then `get()` and `update(patch)`. Booth's own settings and the read-back's settings are each one.
 */
import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import { readJsonFile, writeFileAtomic } from './atomic-file'

export interface JsonSettingsFileOptions<T> {
  path: string
  defaults: T
  /** Turns what was read into settings, or throws with the reason it cannot. */
  validate: (value: unknown) => T
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
    const { path, defaults, validate } = this.options
    try {
      this.current = await readJsonFile(path, { fallback: { ...defaults }, validate })
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
