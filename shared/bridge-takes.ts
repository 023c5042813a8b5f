/**
 * Bridge calls and events for takes: recording, the takes on disk, uploads, deliveries and the offline
 * delivery queue. Merged into the one contract by shared/bridge.ts.
 */
import type { Check } from './check'

export const takeCalls = {} satisfies Record<string, Check<unknown>>

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface TakeResults {}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface TakeEvents {}

export const TAKE_EVENT_NAMES: { [E in keyof TakeEvents]: true } = {}
