/**
 * A comp kept as a new take of its job: its file is the comp's render (hard-linked, or copied), its
 * version 1 is the comp's edit list (so it re-renders to the same bytes), and it carries the measurement
 * and read-back made before it was written. Named like any take (`<stem>_<label>_<NN>.wav`).
 */
import { copyFile, link, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { ReadbackStored } from '../../../shared/bridge-readback'
import type { TakeVersion } from '../../../shared/versions/types'
import { writeTakeMeta } from '../../takes/take-meta-file'
import { TAKE_LABELS, type TakeLabel, type TakeMeta } from '../../takes/take-types'
import type { TakeStore } from '../../takes/take-store'
import { takeFileName } from '../../takes/take-naming'

export interface CompTakeInput {
  jobId: string
  /** The take the comp is built on: its label, stem, spot length, kind and script are the comp's. */
  base: TakeMeta
  note: string | null
  /** The script the comp was made for and read back against (the job's current one); else the base take's. */
  script?: { revision_id: string | null; text: string }
  renderPath: string
  version: Omit<TakeVersion, 'number' | 'created_at' | 'made_from' | 'trim' | 'trimmed_preflight'>
  readback: ReadbackStored | null
  readbackPath: (take: TakeMeta, version?: number) => string
}

/** The stem of a take's file name: "ACME_SPRING30" of "ACME_SPRING30_main_03.wav". */
export function stemOf(fileName: string): string {
  const labels = TAKE_LABELS.join('|')
  return fileName.replace(new RegExp(`_(?:${labels})_\\d{1,6}\\.[A-Za-z0-9]+$`), '') || fileName.replace(/\.[^.]*$/, '')
}

export async function createCompTake(store: TakeStore, o: CompTakeInput): Promise<TakeMeta> {
  const label: TakeLabel = o.base.label === 'pickup' ? 'main' : o.base.label
  return store.withJob(o.jobId, async () => {
    const number = await store.folders.claimNumber(o.jobId)
    const fileName = takeFileName(stemOf(o.base.file_name), label, number, 'wav')
    const target = join(store.folders.dir('takes', o.jobId), fileName)
    await link(o.renderPath, target).catch(() => copyFile(o.renderPath, target))
    const fresh = store.newTake(o.jobId, fileName, label, number, o.note, 'comp', null, {
      spotLengthS: o.base.spot_length_s,
      kind: o.base.job_kind,
    })
    const version: TakeVersion = {
      ...o.version,
      number: 1,
      created_at: fresh.created_at,
      made_from: null,
      trim: { head_s: 0, tail_s: 0 },
      trimmed_preflight: null,
    }
    const take: TakeMeta = {
      ...fresh,
      script_read: o.script ?? o.base.script_read ?? null,
      preflight: o.version.preflight,
      versions: [version],
      current_version: 1,
    }
    try {
      if (o.readback) {
        const stored = { ...o.readback, take_id: take.id }
        await writeFile(o.readbackPath(take, 1), `${JSON.stringify(stored)}\n`)
        await writeFile(o.readbackPath(take), `${JSON.stringify(stored)}\n`)
      }
      await writeTakeMeta(store.folders.metaPath('takes', o.jobId, take.id), take)
    } catch (err) {
      await rm(target, { force: true })
      throw err
    }
    return take
  })
}
