/**
 * The input device the person chose, remembered across launches (by device id, and by label, because
 * browsers may hand out a new id after a restart). Pure apart from the Storage passed in.
 */
import type { AudioInput } from './recorder/pcm-capture'

const KEY = 'booth.recorder.input'

export interface RememberedInput {
  deviceId: string
  label: string
}

export function loadRememberedInput(store: Pick<Storage, 'getItem'>): RememberedInput | null {
  try {
    const value = JSON.parse(store.getItem(KEY) ?? 'null') as unknown
    if (value && typeof value === 'object') {
      const { deviceId, label } = value as Record<string, unknown>
      if (typeof deviceId === 'string' && typeof label === 'string') return { deviceId, label }
    }
  } catch {
    // A damaged entry is the same as none.
  }
  return null
}

export function rememberInput(store: Pick<Storage, 'setItem'>, input: AudioInput): void {
  store.setItem(KEY, JSON.stringify({ deviceId: input.deviceId, label: input.label }))
}

/** The input to use: the remembered one if still there (by id, else by label), else the system default. */
export function chooseInput(inputs: readonly AudioInput[], remembered: RememberedInput | null): AudioInput | null {
  if (remembered) {
    const byId = inputs.find((i) => i.deviceId === remembered.deviceId)
    if (byId) return byId
    const byLabel = inputs.find((i) => i.label === remembered.label)
    if (byLabel) return byLabel
  }
  return inputs.find((i) => i.deviceId === 'default') ?? inputs[0] ?? null
}

/** Count-in lengths offered, in beats (one a second); 0 = off. */
export const COUNT_IN_CHOICES = [0, 2, 3, 5] as const
const COUNT_KEY = 'booth.recorder.countIn'

export function loadCountIn(store: Pick<Storage, 'getItem'>): number {
  const n = Number(store.getItem(COUNT_KEY))
  return (COUNT_IN_CHOICES as readonly number[]).includes(n) ? n : 0
}

export function saveCountIn(store: Pick<Storage, 'setItem'>, beats: number): void {
  store.setItem(COUNT_KEY, String(beats))
}
