/** Applies the theme to the page and offers the toggle to whatever is inside. */
import { createContext, useContext, type ReactNode } from 'react'
import { useTheme } from './use-theme'
import type { Theme } from './theme-preference'

const ThemeContext = createContext<{ theme: Theme; toggle(): void }>({ theme: 'dark', toggle: () => undefined })

export function ThemeRoot({ children }: { children: ReactNode }) {
  const theme = useTheme()
  return <ThemeContext.Provider value={theme}>{children}</ThemeContext.Provider>
}

export function useThemeToggle() {
  return useContext(ThemeContext)
}
