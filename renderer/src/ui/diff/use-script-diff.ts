/** A script change's diff for a component: null while the worker compares, then the result. Null texts: nothing to compare (no worker call). */
import { useEffect, useState } from 'react'
import { diffOffThread, prepareDiffWorker } from './diff-off-thread'

// Started once, when the page is idle after loading: the first script change then shows without the worker's start-up time.
if (typeof window !== 'undefined') prepareDiffWorker()
import type { ScriptDiff } from './word-diff'

export function useScriptDiff(previous: string | null, current: string | null): ScriptDiff | null {
  const [result, setResult] = useState<{ previous: string; current: string; diff: ScriptDiff } | null>(null)
  useEffect(() => {
    if (previous === null || current === null) return
    let live = true
    void diffOffThread(previous, current).then((diff) => {
      if (live) setResult({ previous, current, diff })
    })
    return () => {
      live = false
    }
  }, [previous, current])
  return result && result.previous === previous && result.current === current ? result.diff : null
}
