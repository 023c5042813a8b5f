/** What answers need to know besides the job itself: today in the talent's zone, customers, voices. */
import { dateInZone } from './calendar'
import type { Customer, Named, WorldState } from './state'

export interface ViewContext {
  now: number
  today: string
  timeZone: string
  customers: Map<string, Customer>
  voices: Map<string, Named>
}

export function viewContext(state: WorldState, now: number): ViewContext {
  return {
    now,
    today: dateInZone(now, state.time_zone),
    timeZone: state.time_zone,
    customers: new Map(state.customers.map((c) => [c.id, c])),
    voices: new Map(state.voices.map((v) => [v.id, v])),
  }
}

export function customerOf(vc: ViewContext, id: string): Customer {
  const c = vc.customers.get(id)
  if (!c) throw new Error(`world is inconsistent: customer ${id} does not exist`)
  return c
}

export function voiceOf(vc: ViewContext, id: string): Named {
  const v = vc.voices.get(id)
  if (!v) throw new Error(`world is inconsistent: voice ${id} does not exist`)
  return v
}
