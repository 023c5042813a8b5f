/**
 * Bridge calls and events for money and account (earnings, availability, email preferences, AI consent,
 * settings). Merged into the one contract by shared/bridge.ts.
 */
import type { Check } from './check'

export const accountCalls = {} satisfies Record<string, Check<unknown>>

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AccountResults {}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AccountEvents {}

export const ACCOUNT_EVENT_NAMES: { [E in keyof AccountEvents]: true } = {}
