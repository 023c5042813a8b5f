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

/**
 * The service's suggested stem with the key number written as the job writes it: a stem made of letters,
 * digits and underscores only (as the API's suggested_stem may be) loses the key number's own hyphens,
 * HOLLISANDFINCHOPTICIANS_HOLF919620 for key HOLF-9196-20, and a producer filing by key number then
 * cannot find the take. Where the stem holds the key number run together (as a whole part between
 * underscores, any case), that part becomes the key number made file-safe, hyphens kept:
 * HOLLISANDFINCHOPTICIANS_HOLF-9196-20. Any other stem is kept as it is.
 */
export function stemWithKeyNumber(
  suggestedStem: string | null | undefined,
  keyNumber: string | null | undefined,
): string | null {
  if (typeof suggestedStem !== 'string') return null
  if (typeof keyNumber !== 'string') return suggestedStem
  const key = safeStem(keyNumber, '')
  const runTogether = key.replace(/[^A-Za-z0-9]/g, '')
  if (key === '' || runTogether === key || runTogether === '') return suggestedStem
  const parts = suggestedStem.split('_')
  const at = parts.findIndex((p) => p.toUpperCase() === runTogether.toUpperCase())
  if (at < 0) return suggestedStem
  parts[at] = key
  return parts.join('_')
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
