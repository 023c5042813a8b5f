/**
 * pdf.js set up for Booth's Content-Security-Policy: no eval (`isEvalSupported: false`), no WebAssembly
 * (the CSP has no 'wasm-unsafe-eval'), the worker is the app's own bundled file, started through the
 * "booth" Trusted Types policy (a Worker's URL is a Trusted Types sink), and nothing is fetched: the bytes
 * come from main over the bridge, so a PDF read offline works the same as one read online.
 */
import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from 'pdfjs-dist'
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url'
import { boothPolicy } from '../../ui/booth-policy'

let worker: Worker | null = null

function ensureWorker(): void {
  if (worker) return
  const url = boothPolicy().createScriptURL(workerUrl) as unknown as string
  worker = new Worker(url, { type: 'module', name: 'pdf.js' })
  GlobalWorkerOptions.workerPort = worker
}

export class PdfReadError extends Error {
  constructor(cause: unknown) {
    const detail = cause instanceof Error && cause.message ? ` (${cause.message})` : ''
    super(`This PDF could not be read${detail}.`)
    this.name = 'PdfReadError'
  }
}

/** Opens a PDF from its bytes. Call `destroy()` on the result when it leaves the screen. */
export async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  ensureWorker()
  const task = getDocument({
    data: bytes,
    isEvalSupported: false,
    useWasm: false,
    useWorkerFetch: false,
    enableXfa: false,
    stopAtErrors: false,
    verbosity: 0,
  })
  try {
    return await task.promise
  } catch (err) {
    throw new PdfReadError(err)
  }
}
