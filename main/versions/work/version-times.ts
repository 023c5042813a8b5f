/** Times in a take as the person reads them: 0:04.2, 1:02.0. Pure. */
export function clockOf(seconds: number): string {
  const t = Math.max(0, Math.round(seconds * 10) / 10)
  const m = Math.floor(t / 60)
  const s = t - m * 60
  return `${m}:${s < 10 ? '0' : ''}${s.toFixed(1)}`
}
