/**
 * A read the talent waits on (opening a job, changing the list) when Booth already has a saved copy: the
 * live answer if it comes within the budget, else nothing (the caller answers the saved copy and pokes
 * the poller, which brings the live one as an event). The late request is aborted, so a stalled service
 * or a Retry-After the client would sleep through never holds the window; the poller owns retrying.
 */

/** How long an open or list change waits for the service before the saved copy answers. */
export const INTERACTIVE_BUDGET_MS = 4_000

export async function liveWithinBudget<T>(
  live: (signal: AbortSignal) => Promise<T>,
  budgetMs: number,
): Promise<{ value: T } | null> {
  const controller = new AbortController()
  const running = live(controller.signal)
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), budgetMs)
  })
  try {
    const first = await Promise.race([running.then((value) => ({ value })), late])
    if (!first) {
      running.catch(() => undefined) // it ends as 'aborted'; nobody waits for it any more
      controller.abort()
    }
    return first
  } finally {
    clearTimeout(timer)
  }
}
