/**
 * A call's answer and main's events travel on different paths (IPC replies and events in Electron; a POST's
 * answer and the event stream in the web host), so an answer worked out before an event can reach the page
 * after it: a read-back asked for while it ran ("running") arriving after its "done" event would put the take
 * back to "Listening…" for good. Main sends every change of these states as an event (the calls that change
 * one emit it too), and events arrive in order: once an event about the same thing came in while a call was
 * out, the events alone bring the page up to date, and the answer, which may be older, is dropped.
 */
export interface AnswerOrder {
  /** Main said something new about `key` (call from the event's listener, before applying it). */
  heard(key: string): void
  /** Runs the call; its answer is applied only when no event about `key` came in meanwhile. */
  ask<T>(key: string, call: () => Promise<T>, apply: (answer: T) => void): Promise<T>
}

export function createAnswerOrder(): AnswerOrder {
  const count = new Map<string, number>()
  return {
    heard(key) {
      count.set(key, (count.get(key) ?? 0) + 1)
    },
    async ask(key, call, apply) {
      const before = count.get(key) ?? 0
      const answer = await call()
      if ((count.get(key) ?? 0) === before) apply(answer)
      return answer
    },
  }
}
