/** How the renderer reaches main: Electron's preload object, or the web host over HTTP. */
export interface Transport {
  call(name: string, args: unknown): Promise<unknown>
  on(event: string, fn: (data: unknown) => void): () => void
}
