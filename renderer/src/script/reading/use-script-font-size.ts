/** The remembered script size with bigger/smaller steps. */
import { useCallback, useRef, useState } from 'react'
import { clampScriptSize, SCRIPT_SIZE_KEY, SCRIPT_SIZE_STEP } from './script-font-size'

function read(): number {
  try {
    return clampScriptSize(window.localStorage.getItem(SCRIPT_SIZE_KEY))
  } catch {
    return clampScriptSize(null)
  }
}

function remember(size: number): void {
  try {
    window.localStorage.setItem(SCRIPT_SIZE_KEY, String(size))
  } catch {
    // Storage refused: the size still applies until Booth closes.
  }
}

export function useScriptFontSize(): { size: number; setSize(n: number): void; step(direction: 1 | -1): void } {
  const [size, setState] = useState(read)
  const sizeRef = useRef(size)
  const setSize = useCallback((n: number) => {
    const next = clampScriptSize(n)
    sizeRef.current = next
    setState(next)
    remember(next)
  }, [])
  // From the latest size, not the last render's: two quick key presses are two steps.
  const step = useCallback((direction: 1 | -1) => setSize(sizeRef.current + direction * SCRIPT_SIZE_STEP), [setSize])
  return { size, setSize, step }
}
