/**
 * A finished take leaves Booth (issue 42, point 11) in the web host: its drag handle sets Chromium's
 * DownloadURL ("audio/wav:<delivery name>:<Booth's /media/ address>"), whose bytes, fetched as the browser
 * would, are those Booth then delivers — the file the service holds, found by the upload's handle in the
 * demo's own data folder, has the same SHA-256 — and Export… downloads the same bytes under the same name.
 * A read of a job's script (espeak-ng, pauses on a room tone) is imported and finished for delivery through
 * the bridge; the window does the rest, by keyboard where a talent would. At 1280x720 and 1024x768, one job and take each.
 */
import { createHash } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test as base, expect } from '@playwright/test'
import type { JobDetail } from '../../shared/bridge'
import { DEFAULT_FINISH_CHOICES } from '../../shared/versions/finish'
import { speakRead } from '../support/voice-reads'
import { startBooth, trackConsoleErrors } from './booth-host'
import { bridgeClient } from './support/bridge-client'
import { findFile } from './support/find-file'
import { findJob, LAPTOP_SCREENS } from './support/reading'
import { press, sentences, takeRow } from './support/versions-flow'
import { openJob, openWorkspace, screenshot } from './support/workspace'

const dir = mkdtempSync(join(tmpdir(), 'booth-export-e2e-'))
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

type Host = Awaited<ReturnType<typeof startBooth>>
const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => use(trackConsoleErrors(page)),
})

let host: Host
/** One job per screen: the first test delivers its job, after which the simulated producer may move it out
 * of the pending list (approved, changes requested), so the second test opening the same job's row raced it. */
const jobs: JobDetail[] = []
const reads: string[] = []
test.beforeAll(async () => {
  test.setTimeout(240_000)
  host = await startBooth()
  for (const _screen of LAPTOP_SCREENS) {
    const job = await findJob(
      host.launchUrl,
      'a spot of 15 to 30 s, deliverable and not waiting on the producer, with a typed script of two sentences or more',
      (j) =>
        !jobs.some((used) => used.job_id === j.job_id) &&
        (j.kind === 'finished_spot' || j.kind === 'dry_voice') &&
        j.can.deliver &&
        j.deliver_notice === 'none' &&
        j.stage !== 'delivered' &&
        j.script.kind === 'typed' &&
        j.length_s >= 15 &&
        j.length_s <= 30 &&
        sentences(j.script.text).length >= 2,
    )
    const lines = sentences(job.script.text)
    // Pauses long enough that the read runs past the spot: the finish fits it in its pauses.
    const name = `${jobs.length}`
    const probe = await speakRead(dir, `probe-${name}`, lines, { voice: 'en-us+m3', speed: 168, pausesS: 0.3 })
    const speech = probe.sentences.reduce((a, s) => a + s.endS - s.startS, 0)
    const pause = Math.max(0.8, (job.length_s + 2 - speech - 1.4) / (lines.length - 1))
    const read = await speakRead(dir, `read-${name}`, lines, {
      voice: 'en-us+m3',
      speed: 168,
      pausesS: pause,
      leadS: 0.6,
      tailS: 0.8,
      roomDbfs: -58,
      codec: 'pcm_s16le',
    })
    jobs.push(job)
    reads.push(read.path)
  }
})
test.afterAll(async () => {
  await host?.stop()
})

LAPTOP_SCREENS.forEach((screen, k) => {
  test(`a finished version dragged out and exported is byte-identical to its delivery (${screen.width}x${screen.height})`, async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(360_000)
    const job = jobs[k] as JobDetail
    const readPath = reads[k] as string
    const bridge = bridgeClient(host.launchUrl)
    const imported = await bridge.call('importTake', { jobId: job.job_id, path: readPath, label: 'main' })
    await expect
      .poll(
        async () =>
          (await bridge.call('listTakes', { jobId: job.job_id })).takes.find((t) => t.id === imported.id)?.preflight
            ?.measured,
        { timeout: 60_000 },
      )
      .toBe(true)
    const finished = await bridge.call('finishVersion', { takeId: imported.id, choices: DEFAULT_FINISH_CHOICES })
    expect(finished.version.operation).toBe('finish')
    const version = finished.version.number

    await page.setViewportSize(screen)
    await openWorkspace(page, host.launchUrl)
    await openJob(page, job.job_id, job.advertiser)
    const row = takeRow(page, imported.take_number)
    await expect(row.locator('.ver-mark')).toHaveText(`· v${version}`, { timeout: 60_000 })

    // The handle is reached by the keyboard (its copy is made then), labelled with the file it hands out.
    const handle = row.getByRole('button', { name: /^Drag .* out of Booth, or press to export it$/ })
    await handle.focus()
    await expect(handle).toHaveAttribute('data-ready', 'true', { timeout: 30_000 })
    await expect(handle).toHaveAccessibleName(new RegExp(`^Drag \\S+_v${version}\\.wav out of Booth`))
    await handle.scrollIntoViewIfNeeded()
    await expect(handle).toBeInViewport()

    const transfer = await page.evaluateHandle(() => new DataTransfer())
    await handle.dispatchEvent('dragstart', { dataTransfer: transfer })
    const downloadUrl = await transfer.evaluate((t) => t.getData('DownloadURL'))
    const parts = /^(audio\/wav):([^:]+):(http:\/\/.+)$/.exec(downloadUrl)
    expect(parts, downloadUrl).not.toBeNull()
    const [, , name, url] = parts as unknown as [string, string, string, string]
    expect(name).toMatch(new RegExp(`_v${version}\\.wav$`))
    expect(new URL(url).origin).toBe(host.origin)
    expect(new URL(url).pathname).toMatch(/^\/media\//)
    await expect(row.getByRole('status').filter({ hasText: `Dragging a copy of ${name}` })).toBeVisible()
    await screenshot(page, `take-export-${screen.width}x${screen.height}`)
    // The bytes the browser would save, fetched with the page's own media key.
    const dragged = await page.evaluate(async (u) => {
      const res = await fetch(u)
      const digest = await crypto.subtle.digest('SHA-256', await res.arrayBuffer())
      return {
        status: res.status,
        type: res.headers.get('content-type'),
        sha: [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join(''),
      }
    }, url)
    expect(dragged).toMatchObject({ status: 200, type: 'audio/wav' })

    // Export…: the browser downloads the same bytes under the delivery name.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      press(row.getByRole('button', { name: 'Export…' }), 'Enter'),
    ])
    expect(download.suggestedFilename()).toBe(name)
    const exported = sha256(await readFile(await download.path()))
    expect(exported).toBe(dragged.sha)
    // The web host shows no folder: no Show in Finder/Explorer is offered.
    await expect(row.getByRole('button', { name: /^Show in / })).toHaveCount(0)

    // Delivered: the file the service holds is the one dragged out.
    await bridge.call('deliverTake', { takeId: imported.id, label: 'main', note: null })
    await expect
      .poll(
        async () =>
          (await bridge.call('listTakes', { jobId: job.job_id })).takes.find((t) => t.id === imported.id)?.delivery
            .delivery_id ?? null,
        { timeout: 120_000 },
      )
      .not.toBeNull()
    const sent = (await bridge.call('listTakes', { jobId: job.job_id })).takes.find((t) => t.id === imported.id)
    const handleId = sent?.upload.handle as string
    expect(handleId).toMatch(/^[0-9a-f]{32}$/)
    const held = findFile(host.dataDir, handleId)
    expect(held, `the service's copy of upload ${handleId}`).not.toBeNull()
    expect(sha256(await readFile(held as string))).toBe(dragged.sha)
    const delivery = (await bridge.call('getJob', { jobId: job.job_id })).job.deliveries_detail.find(
      (d) => d.delivery_id === sent?.delivery.delivery_id,
    )
    expect(delivery?.original_name).toBe(name)
    expect(consoleErrors).toEqual([])
  })
})
