/**
 * Earnings in the words a talent uses, per currency (never added across currencies):
 *  - earned: jobs completed (paid or payable);
 *  - booked: jobs accepted and not finished yet (accepted, delivered, changes requested);
 *  - offered: jobs sent to you and not accepted yet — not money until you take them.
 * Declined jobs count nowhere. Pure, in integer cents.
 */
import type { EarningsLine } from '../../../shared/bridge-account'
import { tallyByState, type StateTotal } from './earnings-math'

export interface CurrencySplit {
  currency: string
  symbol: string
  earned: StateTotal
  booked: StateTotal
  offered: StateTotal
}

export function splitByState(lines: readonly EarningsLine[]): CurrencySplit[] {
  return tallyByState(
    lines,
    (l) => l.amount.currency,
    (l) => ({ currency: l.amount.currency, symbol: l.amount.symbol }),
  ).sort((a, b) => b.earned.cents - a.earned.cents || a.currency.localeCompare(b.currency))
}
