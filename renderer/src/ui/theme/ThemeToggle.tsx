/** One button that switches between the dark booth theme and the light theme. */
import { useThemeToggle } from './ThemeRoot'

export function ThemeToggle() {
  const { theme, toggle } = useThemeToggle()
  const next = theme === 'dark' ? 'light' : 'dark'
  return (
    <button
      type="button"
      className="btn btn-quiet theme-toggle"
      onClick={toggle}
      aria-label={`Switch to the ${next} theme`}
    >
      <span aria-hidden="true">{theme === 'dark' ? '☀' : '☾'}</span>
      {next === 'light' ? 'Light theme' : 'Dark theme'}
    </button>
  )
}
