/** A link from the API, kept only when it is http(s) (never javascript:, data:, file:). */
export function safeHttpUrl(link: string | null | undefined): string | null {
  if (!link || link.length > 8192) return null
  try {
    const url = new URL(link)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null
  } catch {
    return null
  }
}
