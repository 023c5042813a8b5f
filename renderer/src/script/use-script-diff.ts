/** A script change's diff for a component: null while the worker compares, then the result. */
import { useEffect, useState } from 'react'
import { diffOffThread, prepareDiffWorker } from './diff-off-thread'

// Started once, when the page is idle after loading: the first script change then shows without the worker's start-up time.
if (typeof window !== 'undefined') prepareDiffWorker()
import type { ScriptDiff } from './word-diff'

export function useScriptDiff(previous: string, current: string): ScriptDiff | null {
  const [result, setResult] = useState<{ previous: string; current: string; diff: ScriptDiff } | null>(null)
  useEffect(() => {
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
