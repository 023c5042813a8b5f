/** The script's reading size in pixels: 18–40, in steps of 2, remembered per computer. */
export const SCRIPT_SIZE_KEY = 'booth.scriptSize'
export const SCRIPT_SIZE_MIN = 18
export const SCRIPT_SIZE_MAX = 40
export const SCRIPT_SIZE_DEFAULT = 26
export const SCRIPT_SIZE_STEP = 2

export function clampScriptSize(value: unknown): number {
  const n = typeof value === 'string' ? Number(value) : typeof value === 'number' ? value : NaN
  if (!Number.isFinite(n)) return SCRIPT_SIZE_DEFAULT
  return Math.min(SCRIPT_SIZE_MAX, Math.max(SCRIPT_SIZE_MIN, Math.round(n)))
}
