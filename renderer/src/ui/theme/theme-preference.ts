/**
 * Light or dark: the person's saved choice (localStorage) first; without one, the system's
 * prefers-color-scheme; dark (fit for a dim booth) when the system says nothing.
 */
export type Theme = 'dark' | 'light'
export const THEME_KEY = 'booth.theme'

export function readSavedTheme(storage: Pick<Storage, 'getItem'> | null): Theme | null {
  try {
    const saved = storage?.getItem(THEME_KEY)
    return saved === 'dark' || saved === 'light' ? saved : null
  } catch {
    return null
  }
}

export function resolveTheme(saved: Theme | null, systemPrefersLight: boolean | null): Theme {
  if (saved) return saved
  return systemPrefersLight ? 'light' : 'dark'
}
