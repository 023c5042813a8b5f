/** Whether Booth runs on a Mac, where the shortcuts use ⌘ instead of Ctrl. */
export function isMac(
  nav: Pick<Navigator, 'platform' | 'userAgent'> | undefined = typeof navigator === 'undefined' ? undefined : navigator,
): boolean {
  if (!nav) return false
  return /Mac|iPhone|iPad/.test(nav.platform || nav.userAgent)
}
