/**
 * Earnings by month as bars, one chart per currency (amounts of different currencies are never drawn on
 * one scale or added up). Hand-made SVG so it follows the theme's colours and the CSP. Hover a month, or
 * focus the chart and use ←/→ (Home/End), to read its amount and job count.
 */
import { useId, useState, type KeyboardEvent } from 'react'
import { formatMoney } from '../format/money'
import { amountOf, niceCeiling, type CurrencySeries } from './earnings-math'

const W = 640
const H = 190
const M = { top: 10, right: 8, bottom: 26, left: 64 }
const PLOT_W = W - M.left - M.right
const PLOT_H = H - M.top - M.bottom

const monthFmt = new Intl.DateTimeFormat('en', { month: 'short', timeZone: 'UTC' })
const monthYearFmt = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' })
const dateOf = (month: string) => new Date(`${month}-01T00:00:00Z`)

export function monthLabel(month: string, withYear: boolean): string {
  const d = dateOf(month)
  return withYear ? `${monthFmt.format(d)} ${String(d.getUTCFullYear()).slice(2)}` : monthFmt.format(d)
}

function axisMoney(symbol: string, cents: number): string {
  return `${symbol}${Math.round(cents / 100).toLocaleString('en')}`
}

export function EarningsChart({ series }: { series: CurrencySeries[] }) {
  if (series.length === 0) return <p className="acct-muted">No earnings in this span.</p>
  return (
    <div className="acct-chart">
      {series.map((s, i) => (
        <SeriesChart key={s.currency} series={s} index={i} />
      ))}
    </div>
  )
}

function SeriesChart({ series, index }: { series: CurrencySeries; index: number }) {
  const [active, setActive] = useState<number | null>(null)
  const readoutId = useId()
  const points = series.points
  const n = points.length
  const maxCents = niceCeiling(Math.max(0, ...points.map((p) => p.cents)) || 100)
  const band = PLOT_W / Math.max(1, n)
  const barW = Math.max(2, band * 0.62)
  const y = (cents: number) => M.top + PLOT_H - (Math.max(0, cents) / maxCents) * PLOT_H
  const labelEvery = Math.ceil(n / 12)
  const money = (cents: number) => formatMoney({ amount: amountOf(cents), currency: series.currency, symbol: series.symbol })
  const current = active === null ? null : points[active] ?? null
  const first = points[0]
  const last = points[n - 1]

  const onKeyDown = (e: KeyboardEvent<SVGSVGElement>) => {
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1 }
    if (e.key in moves) {
      e.preventDefault()
      setActive((a) => Math.min(n - 1, Math.max(0, (a ?? (e.key === 'ArrowRight' ? -1 : n)) + (moves[e.key] as number))))
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault()
      setActive(e.key === 'Home' ? 0 : n - 1)
    } else if (e.key === 'Escape') setActive(null)
  }

  return (
    <figure className={`acct-chart-series series-${index % 6}`} aria-labelledby={`${readoutId}-cap`}>
      <figcaption id={`${readoutId}-cap`} className="acct-chart-head">
        <span className="acct-chart-legend">
          <span className="acct-swatch" aria-hidden="true" />
          {series.currency}
        </span>
        <span>
          {money(series.totalCents)} from {series.jobs} job{series.jobs === 1 ? '' : 's'}
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        tabIndex={0}
        aria-label={`${series.currency} earnings by month${first && last ? `, ${monthYearFmt.format(dateOf(first.month))} to ${monthYearFmt.format(dateOf(last.month))}` : ''}. Use the left and right arrow keys to read each month.`}
        aria-describedby={readoutId}
        onKeyDown={onKeyDown}
        onBlur={() => setActive(null)}
        onMouseLeave={() => setActive(null)}
      >
        {[0, 0.25, 0.5, 0.75, 1].map((f) => (
          <g key={f}>
            <line className="grid-line" x1={M.left} x2={W - M.right} y1={y(maxCents * f)} y2={y(maxCents * f)} />
            <text className="axis-label" x={M.left - 6} y={y(maxCents * f) + 4} textAnchor="end">
              {axisMoney(series.symbol, maxCents * f)}
            </text>
          </g>
        ))}
        {points.map((p, i) => {
          const x = M.left + i * band
          const showLabel = i % labelEvery === 0
          const withYear = i === 0 || p.month.endsWith('-01')
          return (
            <g key={p.month} onMouseEnter={() => setActive(i)}>
              <rect className={`bar-hit${active === i ? ' is-active' : ''}`} x={x} y={M.top} width={band} height={PLOT_H} />
              {p.cents > 0 && (
                <rect className={`bar${active === i ? ' is-active' : ''}`} x={x + (band - barW) / 2} y={y(p.cents)} width={barW} height={Math.max(1, M.top + PLOT_H - y(p.cents))} rx={2} />
              )}
              {showLabel && (
                <text className="axis-label" x={x + band / 2} y={H - 8} textAnchor="middle">
                  {monthLabel(p.month, withYear)}
                </text>
              )}
            </g>
          )
        })}
      </svg>
      <p id={readoutId} className="acct-chart-readout" aria-live="polite">
        {current
          ? `${monthYearFmt.format(dateOf(current.month))}: ${money(current.cents)} from ${current.jobs} job${current.jobs === 1 ? '' : 's'}`
          : '\u00a0'}
      </p>
    </figure>
  )
}
