/**
 * Persistence of the world: `dataDir/world.json`, written atomically (temp file + rename) after every
 * change, so demo mode keeps its state between launches. Saves are serialized: the last one wins.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { STATE_VERSION, type WorldState } from './state'

export const WORLD_FILE = 'world.json'

export async function loadState(dataDir: string): Promise<WorldState | null> {
  const file = join(dataDir, WORLD_FILE)
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw err
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (err) {
    throw new Error(`${file} is not valid JSON (${(err as Error).message}); delete it to start a fresh demo world`, {
      cause: err,
    })
  }
  const state = parsed as Partial<WorldState> | null
  if (!state || typeof state !== 'object' || !Array.isArray(state.jobs) || typeof state.next_id !== 'number') {
    throw new Error(`${file} is not a Booth sandbox world; delete it to start a fresh demo world`)
  }
  if (state.version !== STATE_VERSION) {
    throw new Error(
      `${file} was written by world version ${String(state.version)}, this sandbox reads version ${STATE_VERSION}; delete it to start a fresh demo world`,
    )
  }
  return state as WorldState
}

export class StateSaver {
  private chain: Promise<void> = Promise.resolve()
  private lastError: Error | null = null

  constructor(private readonly dataDir: string | undefined) {}

  /** Queue a save of the state as it is now (a snapshot is taken immediately). */
  schedule(state: WorldState): Promise<void> {
    if (!this.dataDir) return Promise.resolve()
    const dir = this.dataDir
    const text = JSON.stringify(state)
    this.chain = this.chain.then(async () => {
      try {
        await mkdir(dir, { recursive: true })
        const tmp = join(dir, `${WORLD_FILE}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`)
        await writeFile(tmp, text, 'utf8')
        await rename(tmp, join(dir, WORLD_FILE))
        this.lastError = null
      } catch (err) {
        this.lastError = err as Error
      }
    })
    return this.flush()
  }

  /** Wait for queued saves; rejects with the last failure so a caller can answer not_saved. */
  async flush(): Promise<void> {
    await this.chain
    if (this.lastError) {
      const err = this.lastError
      throw new Error(`could not save the sandbox world to ${this.dataDir ?? '(memory)'}: ${err.message}`)
    }
  }
}
