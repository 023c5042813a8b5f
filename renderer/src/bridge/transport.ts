/** How the renderer reaches main: Electron's preload object, or the web host over HTTP. */
import type { HostPresence } from '../../../shared/bridge'

export interface Transport {
  call(name: string, args: unknown): Promise<unknown>
  on(event: string, fn: (data: unknown) => void): () => void
  /** Electron: the dropped file's own path; web host: the bytes are sent to main, which answers a path. */
  pathForFile(file: File): Promise<string>
  /**
   * The web host only: whether Booth itself answers (its event stream is open and alive). Electron's
   * window lives and dies with Booth's main process, so its preload has none.
   */
  onPresence?(fn: (presence: HostPresence) => void): () => void
}
