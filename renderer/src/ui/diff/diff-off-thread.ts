/**
 * Runs scriptDiff (word-diff.ts) in a Web Worker: the app's own bundled file, started through the
 * "booth" Trusted Types policy (a Worker's URL is a Trusted Types sink; the CSP's worker-src 'self'
 * allows it). One worker serves every request. If no worker can be started, the diff runs on the page
 * after a pause, which its bounded cost keeps short.
 */
/// <reference types="vite/client" />
import workerUrl from './word-diff.worker.ts?worker&url'
import { boothPolicy } from '../booth-policy'
import { scriptDiff, type ScriptDiff } from './word-diff'

type Answer = { id: number; diff: ScriptDiff } | { id: number; error: string }

let worker: Worker | null = null
let broken = false
let nextId = 1
const waiting = new Map<number, { resolve(d: ScriptDiff): void; reject(e: Error): void }>()

function failAll(message: string): void {
  broken = true
  worker?.terminate()
  worker = null
  for (const w of waiting.values()) w.reject(new Error(message))
  waiting.clear()
}

function ensureWorker(): Worker | null {
  if (worker || broken) return worker
  try {
    const url = boothPolicy().createScriptURL(workerUrl) as unknown as string
    const made = new Worker(url, { type: 'module', name: 'script-diff' })
    made.onmessage = (e: MessageEvent<Answer>) => {
      const entry = waiting.get(e.data.id)
      if (!entry) return
      waiting.delete(e.data.id)
      if ('diff' in e.data) entry.resolve(e.data.diff)
      else entry.reject(new Error(e.data.error))
    }
    made.onerror = (e) => {
      e.preventDefault()
      failAll(`The script comparison stopped: ${e.message || 'its worker could not run'}.`)
    }
    worker = made
  } catch (err) {
    console.error('Booth: the script comparison runs on the page, because its worker could not start', err)
    broken = true
  }
  return worker
}

/** Starts the worker ahead of need (when the page is idle), so the first script change shows without its start-up time. */
export function prepareDiffWorker(): void {
  const idle = (globalThis as { requestIdleCallback?: (fn: () => void) => number }).requestIdleCallback
  if (idle) idle(() => void ensureWorker())
  else setTimeout(() => void ensureWorker(), 0)
}

/** The diff of a script change, computed off the UI thread. */
export function diffOffThread(previous: string, current: string): Promise<ScriptDiff> {
  const w = ensureWorker()
  if (!w) return new Promise((resolve) => setTimeout(() => resolve(scriptDiff(previous, current)), 0))
  const id = nextId++
  return new Promise<ScriptDiff>((resolve, reject) => {
    waiting.set(id, { resolve, reject })
    w.postMessage({ id, previous, current })
  }).catch(() => scriptDiff(previous, current))
}
