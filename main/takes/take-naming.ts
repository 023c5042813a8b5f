/**
 * How take files are named: `<suggested_stem>_<label>_<NN>.<ext>`, e.g. ACME_SPRING30_main_03.wav.
 * The stem comes from the API (untrusted text), so it is reduced to characters safe on every file system.
 */
import { TAKE_LABELS, type TakeLabel } from './take-types'

const MAX_STEM = 80

/** The job's suggested stem made safe as a file name part; falls back to job_<id> when nothing usable is left. */
export function safeStem(suggestedStem: string | null | undefined, jobId: string): string {
  const cleaned = (suggestedStem ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[._-]+|[._-]+$/g, '')
    .slice(0, MAX_STEM)
    .replace(/[._-]+$/, '')
  return cleaned || `job_${jobId}`
}

export function takeFileName(stem: string, label: TakeLabel, takeNumber: number, ext: string): string {
  return `${stem}_${label}_${String(takeNumber).padStart(2, '0')}.${ext}`
}

/** The take number in a take file name (ACME_main_03.wav → 3), or null for other names. */
export function takeNumberInName(fileName: string): number | null {
  const labels = TAKE_LABELS.join('|')
  const m = new RegExp(`_(?:${labels})_(\\d{1,6})\\.[A-Za-z0-9]+$`).exec(fileName)
  return m?.[1] ? Number(m[1]) : null
}

/** Renames a take's file for a new label, keeping stem, number and extension. */
export function renameForLabel(fileName: string, label: TakeLabel): string {
  const labels = TAKE_LABELS.join('|')
  return fileName.replace(new RegExp(`_(?:${labels})_(\\d{1,6}\\.[A-Za-z0-9]+)$`), `_${label}_$1`)
}
