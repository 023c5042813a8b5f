/** The remembered script size with bigger/smaller steps. */
import { useCallback, useState } from 'react'
import { clampScriptSize, SCRIPT_SIZE_KEY, SCRIPT_SIZE_STEP } from '../theme/script-font-size'

function read(): number {
  try {
    return clampScriptSize(window.localStorage.getItem(SCRIPT_SIZE_KEY))
  } catch {
    return clampScriptSize(null)
  }
}

export function useScriptFontSize(): { size: number; setSize(n: number): void; step(direction: 1 | -1): void } {
  const [size, setState] = useState(read)
  const setSize = useCallback((n: number) => {
    const next = clampScriptSize(n)
    setState(next)
    try {
      window.localStorage.setItem(SCRIPT_SIZE_KEY, String(next))
    } catch {
      // Storage refused: the size still applies until Booth closes.
    }
  }, [])
  const step = useCallback((direction: 1 | -1) => setSize(size + direction * SCRIPT_SIZE_STEP), [setSize, size])
  return { size, setSize, step }
}
