/**
 * The recorder's settings row: the input (remembered across launches), the next take's label (main, then
 * alt; `l` changes it) and the count-in (remembered by the recorder store). Locked while a take is under way.
 */
import { useId } from 'react'
import { TAKE_LABEL_VALUES, type TakeLabelValue } from '../../../shared/bridge-takes'
import type { AudioInput } from './recorder/pcm-capture'
import type { RecorderPhase } from './recorder/recorder-machine'
import { COUNT_IN_CHOICES } from './input-choice'

interface Props {
  inputs: AudioInput[]
  input: AudioInput | null
  onInput(input: AudioInput | null): void
  nextLabel: TakeLabelValue
  onNextLabel(label: TakeLabelValue): void
  countIn: number
  onCountIn(beats: number): void
  phase: RecorderPhase
}

export function RecorderSettings({ inputs, input, onInput, nextLabel, onNextLabel, countIn, onCountIn, phase }: Props) {
  const ids = { input: useId(), count: useId(), label: useId() }
  const locked = phase === 'recording' || phase === 'starting' || phase === 'stopping'
  return (
    <div className="rec-settings">
      <div className="field rec-field">
        <label className="field-label" htmlFor={ids.input}>
          Input
        </label>
        <select
          id={ids.input}
          value={input?.deviceId ?? ''}
          disabled={locked || inputs.length < 2}
          onChange={(e) => {
            onInput(inputs.find((i) => i.deviceId === e.target.value) ?? null)
          }}
        >
          {inputs.length === 0 && <option value="">System default input</option>}
          {inputs.map((i) => (
            <option key={i.deviceId} value={i.deviceId}>
              {i.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field rec-field rec-next-label">
        <label className="field-label" htmlFor={ids.label} title="l changes it">
          Next take
        </label>
        <select
          id={ids.label}
          value={nextLabel}
          disabled={phase !== 'idle'}
          onChange={(e) => onNextLabel(e.target.value as TakeLabelValue)}
        >
          {TAKE_LABEL_VALUES.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </select>
      </div>
      <div className="field rec-field rec-count">
        <label className="field-label" htmlFor={ids.count}>
          Count-in
        </label>
        <select id={ids.count} value={countIn} disabled={locked} onChange={(e) => onCountIn(Number(e.target.value))}>
          {COUNT_IN_CHOICES.map((n) => (
            <option key={n} value={n}>
              {n === 0 ? 'Off' : `${n} s`}
            </option>
          ))}
        </select>
      </div>
    </div>
  )
}
