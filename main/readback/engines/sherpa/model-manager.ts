/**
 * The sherpa-onnx model from the talent's side: where it is read from (Booth's data folder, or a folder
 * they chose), whether it is there, its size, and the download with its progress. One download at a time;
 * cancelling keeps what was fetched, so the next start resumes.
 */
import type { ReadbackModelView } from '../../../../shared/bridge-readback'
import { fetchManifest } from './hf-manifest'
import { downloadModel, type ManifestFile } from './model-download'
import { defaultModelDir, findTransducer, SHERPA_MODEL, type ModelSpec } from './sherpa-model'

export interface ModelManagerDeps {
  dataDir: string
  chosenFolder: () => string | null
  onChange: () => void
  spec?: ModelSpec
  /** Tests: where the file list and files come from. */
  manifest?: () => Promise<ManifestFile[]>
}

export class ModelManager {
  private download: ReadbackModelView['download'] = { state: 'idle', bytesDone: 0, bytesTotal: 0, message: null }
  private abort: AbortController | null = null
  private running: Promise<void> | null = null
  private sizeBytes: number | null = null
  private readonly spec: ModelSpec

  constructor(private readonly deps: ModelManagerDeps) {
    this.spec = deps.spec ?? SHERPA_MODEL
  }

  folder(): string {
    return this.deps.chosenFolder() ?? defaultModelDir(this.deps.dataDir, this.spec)
  }

  async view(): Promise<ReadbackModelView> {
    const folder = this.folder()
    return {
      title: this.spec.title,
      folder,
      source: this.deps.chosenFolder() ? 'chosen_folder' : 'data_folder',
      present: typeof (await findTransducer(folder)) !== 'string',
      sizeBytes: this.sizeBytes ?? this.spec.approxBytes,
      download: { ...this.download },
    }
  }

  /** Starts the download into Booth's data folder unless one is under way; progress goes through onChange. */
  start(): void {
    if (this.running) return
    this.abort = new AbortController()
    const signal = this.abort.signal
    const target = defaultModelDir(this.deps.dataDir, this.spec)
    this.download = {
      state: 'downloading',
      bytesDone: 0,
      bytesTotal: this.sizeBytes ?? this.spec.approxBytes,
      message: null,
    }
    this.deps.onChange()
    let last = 0
    this.running = (async () => {
      const files = await (this.deps.manifest ?? (() => fetchManifest(this.spec, { signal })))()
      this.sizeBytes = files.reduce((s, f) => s + f.size, 0)
      await downloadModel(files, target, {
        signal,
        onProgress: (p) => {
          this.download = { state: 'downloading', bytesDone: p.bytesDone, bytesTotal: p.bytesTotal, message: null }
          const now = Date.now()
          if (now - last > 250 || p.bytesDone === p.bytesTotal) {
            last = now
            this.deps.onChange()
          }
        },
      })
      this.download = { state: 'done', bytesDone: this.sizeBytes, bytesTotal: this.sizeBytes, message: null }
    })()
      .catch((err: unknown) => {
        const message = signal.aborted
          ? 'The download was stopped; what was fetched is kept and it resumes next time.'
          : err instanceof Error
            ? err.message
            : String(err)
        this.download = { ...this.download, state: 'failed', message }
      })
      .finally(() => {
        this.running = null
        this.abort = null
        this.deps.onChange()
      })
  }

  cancel(): void {
    this.abort?.abort()
  }

  async settled(): Promise<void> {
    await this.running
  }
}
