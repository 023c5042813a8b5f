/**
 * Earnings by month as bars, one chart per currency (amounts of different currencies are never drawn on
 * one scale or added up). Hand-made SVG so it follows the theme's colours and the CSP. A bar is what was
 * EARNED (completed jobs), with what is booked (accepted, not finished) stacked above it in a paler hatch;
 * offers not accepted yet are never drawn as money, only named in the facts and the month's readout. Each
 * chart names its best earning month and the monthly earned average (a dashed line); with a year or less
 * every bar carries its earned amount. Hover a month, or focus the chart and use ←/→ (Home/End), to read it.
 */
import { useId, useState, type KeyboardEvent } from 'react'
import { formatMoney } from '../ui/format/money'
import { jobCount } from '../ui/format/action-words'
import './earnings-split.css'
import {
  amountOf,
  axisTicks,
  compactMoney,
  seriesHighlights,
  type CurrencySeries,
  type MonthPoint,
} from './earnings-math'

const W = 720
const H = 230
const M = { top: 24, right: 64, bottom: 30, left: 56 }
const PLOT_W = W - M.left - M.right
const PLOT_H = H - M.top - M.bottom

const monthFmt = new Intl.DateTimeFormat('en', { month: 'short', timeZone: 'UTC' })
const monthYearFmt = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' })
const dateOf = (month: string) => new Date(`${month}-01T00:00:00Z`)

export function monthLabel(month: string, withYear: boolean): string {
  const d = dateOf(month)
  return withYear ? `${monthFmt.format(d)} ${String(d.getUTCFullYear()).slice(2)}` : monthFmt.format(d)
}

export function EarningsChart({ series }: { series: CurrencySeries[] }) {
  if (series.length === 0) return <p className="acct-muted">Nothing earned, booked or offered in this span.</p>
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
  const uid = useId()
  const points = series.points
  const n = points.length
  const { best, averageCents, activeMonths } = seriesHighlights(series)
  // Ticks at round amounts; the axis's top is the last of them.
  const ticks = axisTicks(Math.max(0, ...points.map((p) => Math.max(0, p.cents) + Math.max(0, p.booked.cents))))
  const maxCents = ticks[ticks.length - 1] ?? 100
  const band = PLOT_W / Math.max(1, n)
  const barW = Math.min(44, Math.max(3, band * 0.64))
  const y = (cents: number) => M.top + PLOT_H - (Math.max(0, cents) / maxCents) * PLOT_H
  const labelEvery = Math.ceil(n / 12)
  const valueLabels = n <= 12
  const money = (cents: number) =>
    formatMoney({ amount: amountOf(cents), currency: series.currency, symbol: series.symbol })
  const current = active === null ? null : (points[active] ?? null)
  const first = points[0]
  const last = points[n - 1]
  const gradient = `${uid}-bar`

  const onKeyDown = (e: KeyboardEvent<SVGSVGElement>) => {
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1 }
    if (e.key in moves) {
      e.preventDefault()
      setActive((a) =>
        Math.min(n - 1, Math.max(0, (a ?? (e.key === 'ArrowRight' ? -1 : n)) + (moves[e.key] as number))),
      )
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault()
      setActive(e.key === 'Home' ? 0 : n - 1)
    } else if (e.key === 'Escape') setActive(null)
  }

  return (
    <figure className={`acct-chart-series series-${index % 6}`} aria-labelledby={`${uid}-cap`}>
      <figcaption id={`${uid}-cap`} className="acct-chart-head">
        <span className="acct-chart-legend">
          <span className="acct-swatch" aria-hidden="true" />
          {series.currency}
          <span className="acct-chart-total" data-state="earned">
            {money(series.totalCents)} earned
          </span>
        </span>
        <span className="acct-chart-facts">
          <span>
            {jobCount(series.jobs)} completed in {activeMonths} of {n} month{n === 1 ? '' : 's'}
          </span>
          {best && (
            <span>
              Best: {monthYearFmt.format(dateOf(best.month))}, {money(best.cents)} earned
            </span>
          )}
          <span>Average {money(averageCents)} earned a month</span>
          {series.booked.jobs > 0 && (
            <span data-state="booked">
              <span className="acct-swatch is-booked" aria-hidden="true" /> Booked {money(series.booked.cents)} (
              {jobCount(series.booked.jobs)} accepted, not finished)
            </span>
          )}
          {series.offered.jobs > 0 && (
            <span data-state="offered">
              Offered {money(series.offered.cents)} ({jobCount(series.offered.jobs)} not accepted yet, not in the bars)
            </span>
          )}
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        tabIndex={0}
        aria-label={
          `${series.currency} earnings by ` +
          `month${first && last ? `, ${monthYearFmt.format(dateOf(first.month))} to ${monthYearFmt.format(dateOf(last.month))}` : ''}: ` +
          `earned, with booked work above it. Use the left and right arrow keys to read each month.`
        }
        aria-describedby={`${uid}-readout`}
        onKeyDown={onKeyDown}
        onBlur={() => setActive(null)}
        onMouseLeave={() => setActive(null)}
      >
        <defs>
          <linearGradient id={gradient} x1="0" x2="0" y1="0" y2="1">
            <stop offset="0%" className="bar-stop-top" />
            <stop offset="100%" className="bar-stop-bottom" />
          </linearGradient>
        </defs>
        {ticks.map((cents) => (
          <g key={cents}>
            <line
              className={cents === 0 ? 'base-line' : 'grid-line'}
              x1={M.left}
              x2={W - M.right}
              y1={y(cents)}
              y2={y(cents)}
            />
            <text className="axis-label" x={M.left - 8} y={y(cents) + 4} textAnchor="end">
              {compactMoney(series.symbol, cents)}
            </text>
          </g>
        ))}
        {points.map((p, i) => {
          const x = M.left + i * band
          const isBest = best !== null && p.month === best.month
          const newYear = i > 0 && p.month.endsWith('-01')
          const barTop = y(p.cents)
          const bookedTop = y(Math.max(0, p.cents) + p.booked.cents)
          return (
            <g key={p.month} onMouseEnter={() => setActive(i)}>
              <title>{monthReadout(p, money)}</title>
              {newYear && <line className="year-line" x1={x} x2={x} y1={M.top - 8} y2={H - M.bottom + 14} />}
              <rect
                className={`bar-hit${active === i ? ' is-active' : ''}`}
                x={x}
                y={M.top}
                width={band}
                height={PLOT_H}
              />
              {p.cents > 0 && (
                <path
                  className={`bar${active === i ? ' is-active' : ''}${isBest ? ' is-best' : ''}`}
                  fill={`url(#${gradient})`}
                  d={roundedTop(
                    x + (band - barW) / 2,
                    barTop,
                    barW,
                    Math.max(2, M.top + PLOT_H - barTop),
                    Math.min(5, barW / 2),
                  )}
                />
              )}
              {p.booked.cents > 0 && (
                <path
                  className={`bar-booked${active === i ? ' is-active' : ''}`}
                  d={roundedTop(
                    x + (band - barW) / 2,
                    bookedTop,
                    barW,
                    Math.max(2, barTop - bookedTop),
                    p.cents > 0 ? 0 : Math.min(5, barW / 2),
                  )}
                />
              )}
              {p.cents > 0 && (valueLabels || isBest || active === i) && (
                <text
                  className={`value-label${isBest ? ' is-best' : ''}`}
                  x={x + band / 2}
                  y={Math.min(barTop, bookedTop) - 6}
                  textAnchor="middle"
                >
                  {compactMoney(series.symbol, p.cents)}
                </text>
              )}
              {showMonthLabel(
                points.map((q) => q.month),
                i,
                labelEvery,
              ) && (
                <text className="axis-label" x={x + band / 2} y={H - 10} textAnchor="middle">
                  {monthLabel(p.month, i === 0 || p.month.endsWith('-01'))}
                </text>
              )}
            </g>
          )
        })}
        {averageCents > 0 && (
          <g className="average">
            <line className="average-line" x1={M.left} x2={W - M.right} y1={y(averageCents)} y2={y(averageCents)} />
            <text className="average-label" x={W - M.right + 6} y={y(averageCents) + 4} textAnchor="start">
              avg {compactMoney(series.symbol, averageCents)}
            </text>
          </g>
        )}
      </svg>
      <p id={`${uid}-readout`} className="acct-chart-readout" aria-live="polite">
        {current ? monthReadout(current, money) : '\u00a0'}
      </p>
    </figure>
  )
}

/** "March 2026: earned €1,200.00 from 3 jobs · booked €300.00 (1 job) · offered €200.00 (1 job, not accepted yet)". */
export function monthReadout(point: MonthPoint, money: (cents: number) => string): string {
  const parts = [
    `${monthYearFmt.format(dateOf(point.month))}: earned ${money(point.cents)} from ${jobCount(point.jobs)}`,
  ]
  if (point.booked.jobs > 0) parts.push(`booked ${money(point.booked.cents)} (${jobCount(point.booked.jobs)})`)
  if (point.offered.jobs > 0)
    parts.push(`offered ${money(point.offered.cents)} (${jobCount(point.offered.jobs)}, not accepted yet)`)
  return parts.join(' · ')
}

/**
 * Whether month i gets an axis label: every `every`-th month, and always January (with its year), leaving
 * out a regular label that would sit right next to a January one.
 */
export function showMonthLabel(months: readonly string[], i: number, every: number): boolean {
  const january = (k: number) => months[k]?.endsWith('-01') ?? false
  if (january(i)) return true
  if (i % every !== 0) return false
  return every === 1 || !(january(i - 1) || january(i + 1))
}

/** A bar whose top corners are rounded and whose foot stands square on the axis. */
function roundedTop(x: number, y: number, w: number, h: number, r: number): string {
  const rr = Math.min(r, h)
  return `M${x},${y + h}V${y + rr}Q${x},${y} ${x + rr},${y}H${x + w - rr}Q${x + w},${y} ${x + w},${y + rr}V${y + h}Z`
}
