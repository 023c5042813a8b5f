/** Any failure of a bridge call as one sentence for the screen (never a stack trace). */
export function errorText(
  err: unknown,
  fallback = 'Booth’s background service did not answer. Try again in a moment.',
): string {
  if (err instanceof Error && err.message) {
    // Electron wraps errors thrown in main: "Error invoking remote method 'booth:call': Error: <message>".
    return err.message.replace(/^Error invoking remote method '[^']*': (?:\w*Error: )?/, '')
  }
  if (typeof err === 'string' && err) return err
  return fallback
}
