/**
 * Asking the recorder for a punch-and-roll from anywhere in the window (a read-back finding's "Fix this",
 * a pickup card, a click on a take's waveform, a key): one request at a time goes to whoever listens (the
 * recorder's punch panel). A request made while nobody listens is kept until someone does, so a card can
 * ask before the panel mounts.
 */
import { useEffect, useLayoutEffect, useRef } from 'react'

export interface PunchRequest {
  takeId: string
  /** The script sentence to punch into, 1-based. */
  sentence: number
}

type Handler = (r: PunchRequest) => void

const handlers = new Set<Handler>()
let waiting: PunchRequest | null = null

export function requestPunch(takeId: string, sentence: number): void {
  const r = { takeId, sentence }
  if (handlers.size === 0) {
    waiting = r
    return
  }
  for (const h of [...handlers]) h(r)
}

/** Listens for requests (a request that waited for a listener is handed over at once); returns the undo. */
export function subscribePunchRequests(handler: Handler): () => void {
  handlers.add(handler)
  if (waiting) {
    const r = waiting
    waiting = null
    handler(r)
  }
  return () => {
    handlers.delete(handler)
  }
}

export function usePunchRequests(handler: (r: { takeId: string; sentence: number }) => void): void {
  const latest = useRef(handler)
  useLayoutEffect(() => {
    latest.current = handler
  })
  useEffect(() => subscribePunchRequests((r) => latest.current(r)), [])
}
