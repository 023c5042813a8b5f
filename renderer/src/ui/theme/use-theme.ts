/** The current theme, applied to <html data-theme>, following the system until the person chooses. */
import { useCallback, useEffect, useState } from 'react'
import { readSavedTheme, resolveTheme, THEME_KEY, type Theme } from './theme-preference'

const query = () => window.matchMedia?.('(prefers-color-scheme: light)') ?? null

export function useTheme(): { theme: Theme; toggle(): void } {
  const [saved, setSaved] = useState<Theme | null>(() => readSavedTheme(window.localStorage))
  const [systemLight, setSystemLight] = useState<boolean | null>(() => query()?.matches ?? null)
  const theme = resolveTheme(saved, systemLight)

  useEffect(() => {
    const mq = query()
    if (!mq) return
    const onChange = (e: MediaQueryListEvent) => setSystemLight(e.matches)
    mq.addEventListener('change', onChange)
    return () => mq.removeEventListener('change', onChange)
  }, [])

  useEffect(() => {
    document.documentElement.dataset.theme = theme
    document.documentElement.style.colorScheme = theme
  }, [theme])

  const toggle = useCallback(() => {
    const next: Theme = theme === 'dark' ? 'light' : 'dark'
    try {
      window.localStorage.setItem(THEME_KEY, next)
    } catch {
      // Private windows may refuse storage; the choice still holds for this session.
    }
    setSaved(next)
  }, [theme])

  return { theme, toggle }
}
