/**
 * Settings for Booth's read-back: on or off, which engine, and the speech model (download with progress,
 * size shown, or a folder that already holds one). Says plainly what is missing and how to get it.
 */
import { useEffect, useId, useState } from 'react'
import { READBACK_ENGINE_CHOICES, type ReadbackEngineChoice } from '../../../../shared/bridge-readback'
import { useReadbackStore, useReadback } from './readback-store'
import { READBACK_LABEL } from './readback-words'

const ENGINE_WORDS: Record<ReadbackEngineChoice, string> = {
  auto: 'Automatic (sherpa-onnx when its model is here, else pocketsphinx)',
  'sherpa-onnx': 'sherpa-onnx (with the speech model below)',
  pocketsphinx: 'pocketsphinx (installed with the system)',
}

function mb(bytes: number): string {
  return `${(bytes / 1e6).toFixed(bytes >= 1e7 ? 0 : 1)} MB`
}

export function ReadbackSettingsCard() {
  const settings = useReadback((s) => s.settings)
  const error = useReadback((s) => s.error)
  const readback = useReadbackStore()
  const store = () => readback.getState()
  const [folder, setFolder] = useState('')
  const ids = { engine: useId(), folder: useId() }
  useEffect(() => {
    readback
      .getState()
      .loadSettings()
      .catch(() => undefined)
  }, [readback])
  const quiet = (p: Promise<void>) => void p.catch(() => undefined)
  const dl = settings?.model.download
  return (
    <section className="acct-card" aria-labelledby="settings-readback">
      <h2 id="settings-readback">{READBACK_LABEL}</h2>
      <p className="acct-note">
        After each take, Booth listens to it on this computer and marks what differs from the script. It is Booth’s own
        check, separate from the platform’s audio check, and nothing leaves this computer.
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {!settings && !error && (
        <p className="acct-skeleton" role="status">
          Loading…
        </p>
      )}
      {settings && (
        <>
          <label className="acct-switch">
            <input
              type="checkbox"
              role="switch"
              checked={settings.enabled}
              onChange={(e) => quiet(store().setSettings({ enabled: e.target.checked }))}
            />
            <span className="acct-switch-label">Check each take after it stops</span>
          </label>
          <label className="field" htmlFor={ids.engine}>
            <span className="field-label">Engine</span>
            <select
              id={ids.engine}
              value={settings.engine}
              onChange={(e) => quiet(store().setSettings({ engine: e.target.value as ReadbackEngineChoice }))}
            >
              {READBACK_ENGINE_CHOICES.map((c) => (
                <option key={c} value={c}>
                  {ENGINE_WORDS[c]}
                </option>
              ))}
            </select>
          </label>
          <ul className="plain-list small">
            {settings.engines.map((e) => (
              <li key={e.name}>
                <strong>{e.name}</strong>: {e.unavailable ?? 'ready'}
              </li>
            ))}
          </ul>
          <h3 className="small">Speech model: {settings.model.title}</h3>
          <p className="small">
            {settings.model.present ? 'Ready' : 'Not on this computer yet'} —{' '}
            {settings.model.source === 'chosen_folder' ? 'from the folder you chose' : 'in Booth’s data folder'}:{' '}
            <span className="mono">{settings.model.folder}</span>
          </p>
          {dl?.state === 'downloading' ? (
            <div>
              <progress max={dl.bytesTotal || 1} value={dl.bytesDone} aria-label="Model download" /> {mb(dl.bytesDone)}{' '}
              of {mb(dl.bytesTotal)}
              <button type="button" className="btn btn-small" onClick={() => quiet(store().cancelDownload())}>
                Stop
              </button>
            </div>
          ) : !settings.model.present || settings.model.source === 'chosen_folder' ? (
            <button type="button" className="btn btn-small btn-primary" onClick={() => quiet(store().download())}>
              Download the model (
              {settings.model.sizeBytes ? `${mb(settings.model.sizeBytes)}` : 'size shown when it starts'}, once)
            </button>
          ) : null}
          {dl?.state === 'failed' && (
            <p className="form-error" role="alert">
              {dl.message}
            </p>
          )}
          {dl?.state === 'done' && <p className="small tone-success">The model was downloaded and checked.</p>}
          <label className="field" htmlFor={ids.folder}>
            <span className="field-label">Or use a folder that holds a sherpa-onnx Zipformer model</span>
            <input
              id={ids.folder}
              type="text"
              value={folder}
              placeholder="/path/to/model-folder"
              onChange={(e) => setFolder(e.target.value)}
            />
          </label>
          <button
            type="button"
            className="btn btn-small"
            disabled={folder.trim() === ''}
            onClick={() => quiet(store().setFolder(folder.trim()))}
          >
            Use this folder
          </button>
          {settings.model.source === 'chosen_folder' && (
            <button type="button" className="btn btn-small" onClick={() => quiet(store().setFolder(null))}>
              Use Booth’s own copy
            </button>
          )}
        </>
      )}
    </section>
  )
}
