/** A clock time for sentences ("14:05"), in the computer's time zone: main's messages and the renderer's status line alike. */
export function clockTime(ms: number): string {
  const d = new Date(ms)
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`
}
