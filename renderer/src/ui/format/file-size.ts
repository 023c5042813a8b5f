/** Bytes as "1.4 MB", "820 KB", "12 bytes". */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return 'unknown size'
  if (bytes < 1000) return `${bytes} byte${bytes === 1 ? '' : 's'}`
  const units = ['KB', 'MB', 'GB', 'TB']
  let value = bytes
  let unit = ''
  for (const u of units) {
    value /= 1000
    unit = u
    if (value < 1000) break
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${unit}`
}
