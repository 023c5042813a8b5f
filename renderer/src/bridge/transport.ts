/** How the renderer reaches main: Electron's preload object, or the web host over HTTP. */
export interface Transport {
  call(name: string, args: unknown): Promise<unknown>
  on(event: string, fn: (data: unknown) => void): () => void
  /** Electron: the dropped file's own path; web host: the bytes are sent to main, which answers a path. */
  pathForFile(file: File): Promise<string>
}
