/** The script-change diff, off the UI thread: answers { id, previous, current } with { id, diff } (or { id, error }). */
import { scriptDiff } from './word-diff'

interface Request {
  id: number
  previous: string
  current: string
}

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<Request>) => void) | null
  postMessage(message: unknown): void
}

scope.onmessage = (e) => {
  const { id, previous, current } = e.data
  try {
    scope.postMessage({ id, diff: scriptDiff(String(previous), String(current)) })
  } catch (err) {
    scope.postMessage({ id, error: err instanceof Error ? err.message : String(err) })
  }
}
