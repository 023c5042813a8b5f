/** Smaller / bigger / a slider for the script's reading size (18–40 px). */
import { useId } from 'react'
import { SCRIPT_SIZE_MAX, SCRIPT_SIZE_MIN, SCRIPT_SIZE_STEP } from './reading/script-font-size'

export function ScriptFontControl({
  size,
  setSize,
  step,
}: {
  size: number
  setSize(n: number): void
  step(d: 1 | -1): void
}) {
  const id = useId()
  return (
    <div className="font-control" role="group" aria-label="Script text size">
      <button
        type="button"
        className="btn btn-quiet btn-icon"
        onClick={() => step(-1)}
        disabled={size <= SCRIPT_SIZE_MIN}
        aria-label="Smaller script text"
      >
        <span aria-hidden="true" className="small">
          A
        </span>
      </button>
      <label htmlFor={id} className="sr-only">
        Script text size in pixels
      </label>
      <input
        id={id}
        type="range"
        min={SCRIPT_SIZE_MIN}
        max={SCRIPT_SIZE_MAX}
        step={SCRIPT_SIZE_STEP}
        value={size}
        onChange={(e) => setSize(Number(e.target.value))}
        aria-valuetext={`${size} pixels`}
      />
      <button
        type="button"
        className="btn btn-quiet btn-icon"
        onClick={() => step(1)}
        disabled={size >= SCRIPT_SIZE_MAX}
        aria-label="Bigger script text"
      >
        <span aria-hidden="true" className="large">
          A
        </span>
      </button>
      <span className="muted small tabular" aria-hidden="true">
        {size}px
      </span>
    </div>
  )
}
