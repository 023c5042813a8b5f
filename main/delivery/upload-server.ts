/**
 * The API's tus upload endpoint (`{base_url}/api/v1/uploads`, Booth's decision where the API reference
 * shows no upload operation; x-booth-assumption in resources/api/talent-v1.yaml): its address, the handle
 * an upload's address carries, and deleting an upload there (tus termination).
 */
import * as tus from 'tus-js-client'

export const UPLOADS_PATH = '/api/v1/uploads'
export const TERMINATE_TIMEOUT_MS = 15_000
const HANDLE_RE = /^[0-9a-f]{32}$/
export function handleFromUrl(url: string): string | null {
  let last: string | undefined
  try {
    last = new URL(url).pathname
      .split('/')
      .filter((s) => s !== '')
      .pop()
  } catch {
    return null
  }
  return last !== undefined && HANDLE_RE.test(last) ? last : null
}

export function uploadEndpoint(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${UPLOADS_PATH}`
}

/** Deletes a finished or unfinished upload on the server (tus termination); true once it is gone (404/410 count), false when that did not work. */
export async function terminateUpload(baseUrl: string, handle: string, apiKey: () => string | null): Promise<boolean> {
  if (!HANDLE_RE.test(handle)) return false
  let timer: NodeJS.Timeout | null = null
  let request: tus.HttpRequest | null = null
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => {
      void request?.abort()
      resolve(false)
    }, TERMINATE_TIMEOUT_MS)
    timer.unref()
  })
  const terminated = tus.Upload.terminate(`${uploadEndpoint(baseUrl)}/${handle}`, {
    retryDelays: null,
    onBeforeRequest: (req) => {
      request = req
      const key = apiKey()
      if (key) req.setHeader('Authorization', `Bearer ${key}`)
    },
  }).then(
    () => true,
    (err: unknown) => {
      // Already gone on the server (deleted before, or expired): nothing left to delete.
      const status = (err as { originalResponse?: tus.HttpResponse | null }).originalResponse?.getStatus()
      return status === 404 || status === 410
    },
  )
  try {
    return await Promise.race([terminated, timedOut])
  } finally {
    if (timer) clearTimeout(timer)
  }
}
