/**
 * The audio input the recorder uses (remembered on this computer, the same choice the recorder's own
 * menu makes) and the recording format, which is fixed: what Booth records is what producers get.
 */
import { useEffect, useState } from 'react'
import type { AudioInput } from '../takes/recorder/pcm-capture'
import { inputListError, listAudioInputs } from './audio-inputs'
import { chooseInput, loadRememberedInput, rememberInput } from '../takes/input-choice'

export function AudioSettingsCard() {
  const [inputs, setInputs] = useState<AudioInput[] | null>(null)
  const [chosen, setChosen] = useState<AudioInput | null>(null)
  const [error, setError] = useState<string | null>(null)

  const supported = typeof navigator.mediaDevices?.enumerateDevices === 'function'
  /** "Look again" after a refusal or a failure: the list is read once more. */
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    if (!supported) return
    let live = true
    const refresh = () =>
      listAudioInputs().then(
        (found) => {
          if (!live) return
          setInputs(found)
          setChosen(chooseInput(found, loadRememberedInput(localStorage)))
          setError(null)
        },
        (err: unknown) => {
          if (!live) return
          setInputs([])
          setError(inputListError(err))
        },
      )
    void refresh()
    const md = navigator.mediaDevices
    const onChange = () => void refresh()
    md.addEventListener('devicechange', onChange)
    return () => {
      live = false
      md.removeEventListener('devicechange', onChange)
    }
  }, [supported, attempt])

  const unnamed =
    inputs !== null && inputs.length > 0 && inputs.every((i) => i.deviceId === '' || /^Input \d+$/.test(i.label))
  const choose = (deviceId: string) => {
    const input = inputs?.find((i) => i.deviceId === deviceId)
    if (!input) return
    rememberInput(localStorage, input)
    setChosen(input)
  }

  return (
    <section className="acct-card" aria-labelledby="settings-audio">
      <h2 id="settings-audio">Audio input and recording format</h2>
      {!supported && (
        <p className="form-error" role="alert">
          This window cannot list audio inputs.
        </p>
      )}
      {supported && inputs === null && (
        <p className="acct-skeleton" role="status">
          Looking for audio inputs…
        </p>
      )}
      {error && (
        <>
          <p className="form-error" role="alert">
            {error}
          </p>
          <button type="button" className="btn btn-small" onClick={() => setAttempt((n) => n + 1)}>
            Look again
          </button>
        </>
      )}
      {inputs !== null && inputs.length === 0 && !error && (
        <p className="acct-note">
          No audio input is connected. Connect a microphone or interface; it shows here at once.
        </p>
      )}
      {inputs !== null && inputs.length > 0 && (
        <label className="acct-field">
          Record from
          <select value={chosen?.deviceId ?? ''} onChange={(e) => choose(e.target.value)}>
            {inputs.map((i) => (
              <option key={`${i.deviceId}-${i.label}`} value={i.deviceId}>
                {i.label}
              </option>
            ))}
          </select>
        </label>
      )}
      {unnamed && (
        <p className="acct-note">
          Inputs get their names once Booth may use the microphone; it asks the first time you record.
        </p>
      )}
      <dl className="acct-dl acct-format">
        <dt>File</dt>
        <dd>WAV, 24-bit PCM, mono — uncompressed, as delivered</dd>
        <dt>Sample rate</dt>
        <dd>the input’s own rate (usually 48 kHz), never resampled</dd>
        <dt>Processing</dt>
        <dd>
          none: echo cancellation, noise suppression and automatic gain are off, so the take is your booth’s sound
        </dd>
      </dl>
    </section>
  )
}
