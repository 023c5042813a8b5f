/** Money of the API ({amount "12.50", currency "USD", symbol "$"}) as "$12.50" and "12.50 US dollars"-free words. */
import type { components } from '../../../../shared/api/talent-v1'

type Money = components['schemas']['Money']

export function formatMoney(money: Money): string {
  const negative = money.amount.startsWith('-')
  const digits = negative ? money.amount.slice(1) : money.amount
  const [whole = '0', cents = '00'] = digits.split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  const symbol = money.symbol || money.currency
  return `${negative ? '−' : ''}${symbol}${grouped}.${cents}`
}

/** "$450.00 USD": the amount with the currency code, for places where currencies can mix. */
export function formatMoneyWithCode(money: Money): string {
  const text = formatMoney(money)
  return money.symbol === money.currency ? text : `${text} ${money.currency}`
}
