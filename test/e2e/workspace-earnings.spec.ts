/**
 * Earnings in a talent's words: per currency, earned (completed jobs) apart from booked (accepted, not
 * finished) and offered (not accepted yet); an offer is never counted as earned. At 1280x720 and 1024x768.
 */
import { test, expect } from './booth-host'
import { bridgeClient } from './support/bridge-client'
import { openWorkspace } from './support/workspace'
import { LAPTOP_SCREENS } from './support/reading'
import { monthOf, recentSpan } from '../../renderer/src/account/earnings-math'

function cents(amount: string): number {
  const [whole, part] = amount.replace('-', '').split('.')
  const value = Number(whole) * 100 + Number(part ?? 0)
  return amount.startsWith('-') ? -value : value
}

function money(symbol: string, c: number): RegExp {
  const text = (c / 100).toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
  return new RegExp(`${symbol.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s?${text.replace(/[.,]/g, '[.,\\s]?')}`)
}

for (const screen of LAPTOP_SCREENS) {
  test.describe(`at ${screen.width}x${screen.height}`, () => {
    test.use({ viewport: screen })

    test('earned, booked and offered are told apart per currency', async ({ page, booth, consoleErrors }) => {
      const { from, to } = recentSpan(monthOf(new Date()))
      const { report } = await bridgeClient(booth.launchUrl).call('getEarnings', { from, to, customer_id: null })
      if (!report) throw new Error('The demo key should read earnings.')
      const sums = new Map<
        string,
        { symbol: string; earned: number; booked: number; offered: number; earnedJobs: number; offeredJobs: number }
      >()
      for (const l of report.lines) {
        const s = sums.get(l.amount.currency) ?? {
          symbol: l.amount.symbol,
          earned: 0,
          booked: 0,
          offered: 0,
          earnedJobs: 0,
          offeredJobs: 0,
        }
        if (l.status === 'completed') {
          s.earned += cents(l.amount.amount)
          s.earnedJobs++
        } else if (l.status === 'pending' && (l.stage === 'sent' || l.stage === 'viewed')) {
          s.offered += cents(l.amount.amount)
          s.offeredJobs++
        } else if (l.status === 'pending') s.booked += cents(l.amount.amount)
        sums.set(l.amount.currency, s)
      }
      expect(
        [...sums.values()].some((s) => s.offeredJobs > 0),
        'the demo has offers with a rate',
      ).toBe(true)

      await openWorkspace(page, booth.launchUrl)
      await page.locator('.sidebar').getByRole('button', { name: 'Earnings' }).click()
      for (const [currency, s] of sums) {
        const card = page.locator(`.acct-total[data-currency="${currency}"]`)
        await expect(card.locator('[data-state="earned"]')).toHaveText(money(s.symbol, s.earned))
        await expect(card.locator('.acct-total-meta')).toHaveText(
          `Earned · ${currency} · ${s.earnedJobs} job${s.earnedJobs === 1 ? '' : 's'} completed`,
        )
        await expect(card.locator('[data-state="booked"] dd')).toContainText(money(s.symbol, s.booked))
        await expect(card.locator('[data-state="offered"] dd')).toContainText(money(s.symbol, s.offered))
        await expect(card.locator('[data-state="offered"] dd')).toContainText(
          `${s.offeredJobs} job${s.offeredJobs === 1 ? '' : 's'} not accepted yet`,
        )
      }
      expect(consoleErrors).toEqual([])
    })
  })
}
