/**
 * Earnings in the words a talent uses, per currency (never added across currencies):
 *  - earned: jobs completed (paid or payable);
 *  - booked: jobs accepted and not finished yet (accepted, delivered, changes requested);
 *  - offered: jobs sent to you and not accepted yet — not money until you take them.
 * Declined jobs count nowhere. Pure, in integer cents.
 */
import type { EarningsLine } from '../../../shared/bridge-account'
import { counted, zero, type StateTotal } from './earnings-math'

export interface CurrencySplit {
  currency: string
  symbol: string
  earned: StateTotal
  booked: StateTotal
  offered: StateTotal
}

export function splitByState(lines: readonly EarningsLine[]): CurrencySplit[] {
  const byCurrency = new Map<string, CurrencySplit>()
  for (const line of lines) {
    const c = counted(line)
    if (!c) continue
    let split = byCurrency.get(line.amount.currency)
    if (!split) {
      split = { currency: line.amount.currency, symbol: line.amount.symbol, earned: zero(), booked: zero(), offered: zero() }
      byCurrency.set(line.amount.currency, split)
    }
    split[c.state].cents += c.cents
    split[c.state].jobs += 1
  }
  return [...byCurrency.values()].sort((a, b) => b.earned.cents - a.earned.cents || a.currency.localeCompare(b.currency))
}
