/** Money is held in minor units (cents) per currency and written as the API's Money object. */
export interface Money {
  amount: string
  currency: string
  symbol: string
}

export interface StoredRate {
  cents: number
  currency: string
}

const SYMBOLS: Record<string, string> = { USD: '$', EUR: '€', GBP: '£', CAD: 'CA$', AUD: 'A$' }

export function currencySymbol(currency: string): string {
  return SYMBOLS[currency] ?? currency
}

export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(Math.round(cents))
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

export function toMoney(rate: StoredRate): Money {
  return { amount: formatCents(rate.cents), currency: rate.currency, symbol: currencySymbol(rate.currency) }
}
