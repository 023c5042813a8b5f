/**
 * A request to punch in on a take at a sentence, from wherever the talent asks for it (a pickup card,
 * a read-back finding) to the recorder's punch panel, which subscribes with usePunchRequest and clears
 * the request once it took it (clearPunchRequest). A window-only flag: no bridge call or event touches it.
 */
import { create } from 'zustand'

export interface PunchRequest {
  takeId: string
  /** The script sentence, 1-based. */
  sentence: number
  /** Counts requests, so asking twice for the same sentence is seen twice. */
  seq: number
}

interface PunchRequestState {
  request: PunchRequest | null
}

const usePunchRequestStore = create<PunchRequestState>()(() => ({ request: null }))
let seq = 0

/** Asks the punch panel to punch in on `takeId` before `sentence` (1-based). */
export function requestPunch(takeId: string, sentence: number): void {
  seq += 1
  usePunchRequestStore.setState({ request: { takeId, sentence, seq } })
}

/** The punch panel's side: the request waiting to be taken, or null. */
export function usePunchRequest(): PunchRequest | null {
  return usePunchRequestStore((s) => s.request)
}

/** The punch panel took (or turned down) the request. */
export function clearPunchRequest(): void {
  usePunchRequestStore.setState({ request: null })
}

/** The request waiting now (for code outside React). */
export function currentPunchRequest(): PunchRequest | null {
  return usePunchRequestStore.getState().request
}
