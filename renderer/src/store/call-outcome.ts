/** What a bridge call that acts for the person came back with: its value, or why not in words. */
import { errorText } from './error-text'

export type CallOutcome<T> = { ok: true; value: T } | { ok: false; error: string }

export async function outcomeOf<T>(call: () => Promise<T>): Promise<CallOutcome<T>> {
  try {
    return { ok: true, value: await call() }
  } catch (err) {
    return { ok: false, error: errorText(err) }
  }
}
