/**
 * Calls Booth's bridge the way its own page does (POST /bridge/call/<name> with the launch token), so a
 * test can compare the screen with what main answers — e.g. the jobs listJobs returns. importTake's file is
 * handed over first, as the page hands over a dropped file.
 */
import { readFile } from 'node:fs/promises'
import { basename } from 'node:path'
import {
  ALL_PENDING_JOBS_QUERY,
  type BridgeArgs,
  type BridgeCallName,
  type BridgeResults,
} from '../../../shared/bridge'

export interface BridgeClient {
  call<N extends BridgeCallName>(name: N, args: BridgeArgs<N>): Promise<BridgeResults[N]>
}

const CALL_WITHIN_MS = 75_000

export function bridgeClient(launchUrl: string): BridgeClient {
  const url = new URL(launchUrl)
  const token = /(?:^#|&)t=([A-Za-z0-9_-]+)/.exec(url.hash)?.[1]
  if (!token) throw new Error(`The launch address ${launchUrl} carries no token (#t=…).`)
  /**
   * A file on this computer, handed over as the page hands over a dropped one (POST /bridge/upload): main
   * imports only files it handed out an id for, never a path the page names.
   */
  const handOver = async (path: string): Promise<string> => {
    const res = await fetch(`${url.origin}/bridge/upload?name=${encodeURIComponent(basename(path))}`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', 'x-booth-token': token },
      body: await readFile(path),
      signal: AbortSignal.timeout(CALL_WITHIN_MS),
    })
    const body = (await res.json()) as { ok: boolean; result?: { path: string }; error?: { message: string } }
    if (!body.ok || !body.result) throw new Error(`handing over ${path} failed: ${body.error?.message ?? res.status}`)
    return body.result.path
  }
  return {
    async call(name, args) {
      if (name === 'importTake') {
        const given = args as BridgeArgs<'importTake'>
        args = { ...given, path: await handOver(given.path) } as typeof args
      }
      const res = await fetch(`${url.origin}/bridge/call/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-booth-token': token },
        body: JSON.stringify({ args }),
        // A call that never answers names itself instead of running the test out of time.
        signal: AbortSignal.timeout(CALL_WITHIN_MS),
      }).catch((err: unknown) => {
        throw new Error(
          `${name} got no answer from Booth within ${CALL_WITHIN_MS / 1000} s: ${err instanceof Error ? err.message : String(err)}`,
        )
      })
      const body = (await res.json()) as { ok: boolean; result?: unknown; error?: { message: string } }
      if (!body.ok) throw new Error(`${name} failed: ${body.error?.message ?? res.status}`)
      return body.result as BridgeResults[typeof name]
    },
  }
}

/** Every pending job on one page: main's own poll query. */
export const PENDING_ALL = ALL_PENDING_JOBS_QUERY
