/** What a key press means in the jobs workspace (pure, so it can be tested without a DOM). */
export type ListCommand = 'next' | 'previous' | 'open' | 'search' | 'close' | 'first' | 'last' | 'toggle' | null

export function listCommand(
  key: string,
  typing: boolean,
  mods: { ctrl: boolean; meta: boolean; alt: boolean },
): ListCommand {
  if (mods.ctrl || mods.meta || mods.alt) return null
  if (key === 'Escape') return 'close'
  if (typing) return null
  switch (key) {
    case 'j':
    case 'ArrowDown':
      return 'next'
    case 'k':
    case 'ArrowUp':
      return 'previous'
    case 'Enter':
      return 'open'
    case '/':
      return 'search'
    case 'Home':
      return 'first'
    case 'End':
      return 'last'
    case 'x':
    case 'X':
    case ' ':
      return 'toggle'
    default:
      return null
  }
}
