/**
 * The punch-and-roll settings, remembered across launches: how long the pre-roll is at least (the engine
 * starts it at the sentence before when that is earlier) and whether the old take keeps playing after the
 * punch point (by default it falls silent there, so the talent hears only themselves). Pure apart from
 * the Storage passed in.
 */
import { PUNCH_PREROLL_S } from '../../../../shared/bridge-versions'

export interface PunchSettings {
  prerollS: number
  keepPlaying: boolean
}

/** Pre-roll lengths offered (s). */
export const PREROLL_CHOICES = [2, 3, 5, 8] as const
export const DEFAULT_PUNCH_SETTINGS: PunchSettings = { prerollS: 2, keepPlaying: false }
const KEY = 'booth.punch.settings'

export function loadPunchSettings(store: Pick<Storage, 'getItem'>): PunchSettings {
  try {
    const v = JSON.parse(store.getItem(KEY) ?? '{}') as Record<string, unknown> | null
    const pre = v?.['prerollS']
    const keep = v?.['keepPlaying']
    return {
      prerollS:
        typeof pre === 'number' && pre >= PUNCH_PREROLL_S.min && pre <= PUNCH_PREROLL_S.max
          ? pre
          : DEFAULT_PUNCH_SETTINGS.prerollS,
      keepPlaying: typeof keep === 'boolean' ? keep : DEFAULT_PUNCH_SETTINGS.keepPlaying,
    }
  } catch {
    return DEFAULT_PUNCH_SETTINGS
  }
}

export function savePunchSettings(store: Pick<Storage, 'setItem'>, s: PunchSettings): void {
  store.setItem(KEY, JSON.stringify(s))
}
