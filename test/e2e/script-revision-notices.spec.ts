/**
 * Every script revision makes a notice (issue 22, point 4): the producer revises a job's script, the bell
 * shows the notice; the producer revises it AGAIN before any take was delivered (the job list's
 * `script_changed` flag stays up all along), and a second notice says so. The notice's time names its
 * zone once the talent's zone (their preference) differs from this computer's. Booth runs against a
 * sandbox in its own process whose producer acts when the test says. At 1280x720 and 1024x768, in the
 * window as Booth opens (job list shown).
 */
import { expect } from './booth-host'
import { bridgeClient, PENDING_ALL } from './support/bridge-client'
import { openWorkspace } from './support/workspace'
import { LAPTOP_SCREENS } from './support/reading'
import { testWithProducer as test } from './support/controlled-sandbox'

/** A zone whose offset differs from this computer's now (the test machine's zone is usually UTC). */
function otherZone(): string {
  const offset = -new Date().getTimezoneOffset()
  return offset === 9 * 60 ? 'Europe/London' : 'Asia/Tokyo'
}

for (const screen of LAPTOP_SCREENS) {
  test.describe(`at ${screen.width}x${screen.height}`, () => {
    test.use({ viewport: screen })

    test('a second revision of the same script is a second notice, and its time names its zone', async ({
      page,
      world,
      consoleErrors,
    }) => {
      const bridge = bridgeClient(world.booth.launchUrl)
      const list = await bridge.call('listJobs', PENDING_ALL)
      let job: (typeof list.items)[number] | undefined
      for (const j of list.items) {
        if (
          j.script_changed ||
          j.unopened ||
          j.spot_cancelled ||
          j.stage === 'sent' ||
          world.claimed.includes(j.job_id)
        )
          continue
        const detail = (await bridge.call('getJob', { jobId: j.job_id })).job
        if (detail.script.kind === 'typed' && detail.script.html !== null) {
          job = j
          break
        }
      }
      if (!job) throw new Error('The sandbox has no opened pending job with a typed script to change.')
      world.claimed.push(job.job_id)
      await openWorkspace(page, world.booth.launchUrl)
      const bell = page.locator('.notice-bell')
      const panel = page.getByRole('region', { name: 'Notifications' })
      const items = panel.locator('.notice-item[data-kind="script_changed"]').filter({ hasText: job.advertiser })

      expect(await world.sandbox.changeScript(job.job_id), 'the sandbox changed the script').not.toBeNull()
      await bridge.call('refreshNow', {})
      await expect
        .poll(
          async () =>
            (await bridge.call('listNotices', {})).items.filter(
              (n) => n.jobId === job.job_id && n.kind === 'script_changed',
            ).length,
          { timeout: 20_000 },
        )
        .toBe(1)

      // The producer revises again; no take was delivered in between, so the list's flag never dropped.
      expect(await world.sandbox.changeScript(job.job_id), 'the sandbox changed the script again').not.toBeNull()
      expect(
        (await bridge.call('listJobs', PENDING_ALL)).items.find((j) => j.job_id === job.job_id)?.script_changed,
      ).toBe(true)
      await bridge.call('refreshNow', {})
      await expect
        .poll(
          async () =>
            (await bridge.call('listNotices', {})).items.filter(
              (n) => n.jobId === job.job_id && n.kind === 'script_changed',
            ).length,
          { timeout: 20_000 },
        )
        .toBe(2)

      // The talent's zone now differs from this computer's: times of day say which zone they are in.
      const prefs = (await bridge.call('getPreferences', {})).preferences
      if (!prefs) throw new Error('The preferences could not be read.')
      await bridge.call('savePreferences', { prefs: prefs.prefs, time_zone: otherZone() })
      const computerZone =
        new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' })
          .formatToParts(new Date())
          .find((p) => p.type === 'timeZoneName')?.value ?? ''

      await bell.click()
      await expect(items).toHaveCount(2)
      await expect(items.first().locator('.notice-body')).toHaveText(/: the script was revised again\.$/)
      await expect(items.nth(1).locator('.notice-body')).toHaveText(/: the script was revised\.$/)
      await expect(items.first()).toContainText(
        new RegExp(`\\d\\d:\\d\\d( [AP]M)? ${computerZone.replace('+', '\\+')}$`),
      )
      // The talent's zone the same as this computer's: no zone is named.
      await bridge.call('savePreferences', {
        prefs: prefs.prefs,
        time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      })
      await bell.click()
      await bell.click()
      await expect(items.first()).not.toContainText(` ${computerZone}`)
      expect(consoleErrors).toEqual([])
    })
  })
}
