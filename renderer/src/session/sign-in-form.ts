/** Checks the sign-in form before anything is sent; returns one sentence, or null when it is fine. */
export function checkSignInForm(baseUrl: string, apiKey: string): string | null {
  const url = baseUrl.trim()
  if (!url) return 'Enter the platform address, for example https://talent.example.com.'
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return `“${url.slice(0, 80)}” is not a web address. It should start with https:// (for example https://talent.example.com).`
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    return 'The platform address must start with https://.'
  if (url.length > 2048) return 'The platform address is too long (at most 2048 characters).'
  const key = apiKey.trim()
  if (!key) return 'Enter your API key.'
  if (key.length < 8) return 'That API key is too short; check that you copied all of it.'
  if (key.length > 4096) return 'That API key is too long (at most 4096 characters); check what was pasted.'
  return null
}
