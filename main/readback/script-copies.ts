/**
 * The script text of each revision a take was read from, kept in `<dataFolder>/readback/scripts/<job>/<revision>.json`
 * when the take is made, so a take is checked against what was on screen while it was read, even after the
 * script changes or when Booth is offline.
 */
import { mkdir, readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { writeFileAtomic } from '../storage/atomic-file'

export interface ScriptCopy {
  revision_id: string | null
  text: string
  /** The advertiser and customer: names weigh more in the read-back wherever they stand. */
  names: string[]
}

const SAFE = /^[A-Za-z0-9_-]{1,64}$/

export class ScriptCopies {
  constructor(private readonly dir: string) {}

  private path(jobId: string, revisionId: string): string | null {
    return SAFE.test(jobId) && SAFE.test(revisionId) ? join(this.dir, jobId, `${revisionId}.json`) : null
  }

  async save(jobId: string, copy: ScriptCopy): Promise<void> {
    const path = copy.revision_id ? this.path(jobId, copy.revision_id) : null
    if (!path) return
    await mkdir(dirname(path), { recursive: true })
    await writeFileAtomic(path, JSON.stringify(copy))
  }

  async load(jobId: string, revisionId: string): Promise<ScriptCopy | null> {
    const path = this.path(jobId, revisionId)
    if (!path) return null
    try {
      const v = JSON.parse(await readFile(path, 'utf8')) as Partial<ScriptCopy>
      if (typeof v.text !== 'string') return null
      return { revision_id: revisionId, text: v.text, names: Array.isArray(v.names) ? v.names.filter((n): n is string => typeof n === 'string') : [] }
    } catch {
      return null
    }
  }
}
