/**
 * The check at Stop, on screen: from the Stop key pressed in the window to the take's figures drawn under
 * the record button, for takes of 10 s, 2 min and 10 min. Booth's web host (demo mode, its own data folder)
 * in Debian's Chromium with its fake microphone, driven by Playwright at 1280x720 with the job list shown.
 *
 * A take is recorded with Space; while it records, this process sends it the rest of its length through the
 * same bridge call the page uses (appendRecording, 100 ms chunks of voice-like float32), so a 10-minute take
 * is made in seconds and main writes and measures all of it as it would a real one. Then Stop (Space) is
 * pressed and the page measures, on its own clock, from the key's event time to the first frame painted
 * after the new take's length, loudness and peak are in the window (a rAF, then a message posted from it,
 * which runs after that frame's paint). Goal: under 100 ms at every length.
 * Run alone: `npx tsx test/bench/stop-in-window.ts`. `BOOTH_BENCH_STOP_TRACE=1` prints each bridge call, main's
 * events and the page's long tasks against the key; `BOOTH_BENCH_STOP_PROFILE=1` a CPU profile of the page's
 * thread over the same stretch.
 */
import os from 'node:os'
import path from 'node:path'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { chromium, type Page } from '@playwright/test'
import config from '../../playwright.config'
import { startWebHostOn } from '../e2e/support/web-host-process'
import { bridgeClient, PENDING_ALL, type BridgeClient } from '../e2e/support/bridge-client'
import type { BenchResult } from './types'
import { runAlone } from './report'
import { voiceLikeChunks } from './stop-to-check'
import { median } from './timing'

/** `BOOTH_BENCH_STOP_LENGTHS=10,120` measures only some lengths (seconds). */
const LENGTHS_S = (process.env['BOOTH_BENCH_STOP_LENGTHS'] ?? '10,120,600')
  .split(',')
  .map(Number)
  .filter((n) => n > 0)
const CHUNK_S = 0.1
const GOAL_MS = 100
const ROUNDS = Number(process.env['BOOTH_BENCH_STOP_ROUNDS'] ?? 3)

/** Installs the page's probe: Space's event time, and the first paint after the new take's figures show. */
async function armProbe(page: Page, previousName: string): Promise<void> {
  await page.evaluate((previous) => {
    const w = window as unknown as {
      __stopProbe?: { pressedAt: number | null; drawnAt: number | null; domAt: number | null }
    }
    const probe = { pressedAt: null as number | null, drawnAt: null as number | null, domAt: null as number | null }
    w.__stopProbe = probe
    const onKey = (e: KeyboardEvent) => {
      if (e.code === 'Space' && probe.pressedAt === null) probe.pressedAt = e.timeStamp
    }
    window.addEventListener('keydown', onKey, { capture: true })
    const shown = () => {
      const check = document.querySelector('.last-take')
      const name = check?.querySelector('.take-name')?.textContent ?? ''
      const facts = check?.querySelector('.take-facts')?.textContent ?? ''
      return name !== '' && name !== previous && /Length[^—]*\d/.test(facts) && /LUFS|dBFS/.test(facts)
    }
    const observer = new MutationObserver(() => {
      if (probe.pressedAt === null || probe.domAt !== null || !shown()) return
      probe.domAt = performance.now()
      observer.disconnect()
      window.removeEventListener('keydown', onKey, { capture: true })
      requestAnimationFrame(() => {
        const channel = new MessageChannel()
        channel.port1.onmessage = () => {
          probe.drawnAt = performance.now()
        }
        channel.port2.postMessage(null)
      })
    })
    observer.observe(document.body, { subtree: true, childList: true, characterData: true })
  }, previousName)
}

/**
 * `BOOTH_BENCH_STOP_PROFILE=1`: a CPU profile of the page's thread from just before the Stop key to the
 * figures drawn (Chromium's sampling profiler, 0.2 ms), summed by function: where the page's own time went
 * ("(program)" is Chromium's native work: style, layout, paint; "(idle)" is waiting for main).
 */
async function startProfile(page: Page): Promise<{ stop(): Promise<string> }> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
  await cdp.send('Profiler.start')
  return {
    async stop() {
      const { profile } = await cdp.send('Profiler.stop')
      await cdp.detach()
      const byId = new Map(profile.nodes.map((n) => [n.id, n]))
      const self = new Map<string, number>()
      const deltas = profile.timeDeltas ?? []
      ;(profile.samples ?? []).forEach((id, i) => {
        const frame = byId.get(id)?.callFrame
        const key = frame
          ? `${frame.functionName || '(anonymous)'}${frame.url ? ` ${frame.url.split('/').pop()}:${frame.lineNumber}` : ''}`
          : '?'
        self.set(key, (self.get(key) ?? 0) + (deltas[i] ?? 0) / 1000)
      })
      const total = [...self.values()].reduce((a, b) => a + b, 0)
      return `${total.toFixed(0)} ms sampled; ${[...self]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
        .map(([k, ms]) => `${k} ${ms.toFixed(1)}`)
        .join('; ')}`
    },
  }
}

/** The page's bare round trip to main under the same load: a bridge call that does no work (median of 5, ms). */
async function bareRoundTrip(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const w = window as unknown as { __bridgeUrl: string; __bridgeHeaders: Record<string, string> }
    const times: number[] = []
    for (let i = 0; i < 5; i++) {
      const t = performance.now()
      const res = await fetch(`${w.__bridgeUrl}/bridge/call/listDeliveryProfiles`, {
        method: 'POST',
        headers: w.__bridgeHeaders,
        body: JSON.stringify({ args: {} }),
      })
      await res.json()
      times.push(performance.now() - t)
    }
    return times.sort((a, b) => a - b)[2] as number
  })
}

async function recordOne(
  page: Page,
  bridge: BridgeClient,
  jobId: string,
  seconds: number,
  source: string[],
): Promise<{ pressToDomMs: number; pressToDrawnMs: number; stopSentMs: number; stopAnsweredMs: number }> {
  const recorder = page.locator('.recorder')
  const previous =
    (await page
      .locator('.last-take .take-name')
      .textContent()
      .catch(() => null)) ?? ''
  await page.locator('.script-panel .section-title').click()
  await page.keyboard.press('Space')
  await recorder.locator('[aria-pressed="true"]').waitFor()
  const take = (await bridge.call('listTakes', { jobId })).takes.find((t) => t.state === 'recording')
  if (!take) throw new Error('The take being recorded is not in the list.')
  // The rest of the take's length, as the page itself would send it.
  for (let i = 0; i < seconds / CHUNK_S; i++)
    await bridge.call('appendRecording', { takeId: take.id, pcmBase64: source[i % source.length] as string })
  await armProbe(page, previous)
  const profiler = process.env['BOOTH_BENCH_STOP_PROFILE'] ? await startProfile(page) : null
  await page.keyboard.press('Space')
  const probe = await page.waitForFunction(
    () => {
      const p = (
        window as unknown as {
          __stopProbe?: { pressedAt: number | null; drawnAt: number | null; domAt: number | null }
        }
      ).__stopProbe
      return p && p.drawnAt !== null ? p : null
    },
    undefined,
    { timeout: 60_000 },
  )
  if (profiler)
    console.log(`  ${seconds} s take, the page's thread from Stop to the figures drawn: ${await profiler.stop()}`)
  const { pressedAt, drawnAt, domAt } = (await probe.jsonValue()) as {
    pressedAt: number
    drawnAt: number
    domAt: number
  }
  await page.locator('.recorder[data-phase="idle"]').waitFor({ timeout: 60_000 })
  const calls = (
    await page.evaluate(
      () =>
        (window as unknown as { __bridgeCalls: Array<{ name: string; start: number; end: number | null }> })
          .__bridgeCalls,
    )
  ).filter((c) => c.start >= pressedAt - 1 && c.start <= drawnAt)
  const stopCall = calls.find((c) => c.name === 'stopRecording')
  if (process.env['BOOTH_BENCH_STOP_TRACE']) {
    console.log(
      `  ${seconds} s take: ` +
        `${calls.map((c) => `${c.name} ${(c.start - pressedAt).toFixed(0)}→${c.end === null ? '…' : (c.end - pressedAt).toFixed(0)}`).join(', ')}; ` +
        `DOM ${(domAt - pressedAt).toFixed(0)}, drawn ${(drawnAt - pressedAt).toFixed(0)}`,
    )
  }
  return {
    pressToDomMs: domAt - pressedAt,
    pressToDrawnMs: drawnAt - pressedAt,
    stopSentMs: stopCall ? stopCall.start - pressedAt : Number.NaN,
    stopAnsweredMs: stopCall?.end != null ? stopCall.end - pressedAt : Number.NaN,
  }
}

export async function benchStopInWindow(): Promise<BenchResult[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'booth-bench-window-'))
  const host = await startWebHostOn(dataDir)
  const launch = config.use?.launchOptions ?? {}
  const browser = await chromium.launch({
    ...launch,
    args: [...(launch.args ?? []), '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  })
  try {
    const bridge = bridgeClient(host.launchUrl)
    const list = await bridge.call('listJobs', PENDING_ALL)
    let job: { job_id: string; advertiser: string } | null = null
    for (const j of list.items) {
      const detail = (await bridge.call('getJob', { jobId: j.job_id })).job
      if (
        detail.can.deliver &&
        detail.deliver_notice === 'none' &&
        detail.script.kind === 'typed' &&
        detail.length_s > 0
      ) {
        job = detail
        break
      }
    }
    if (!job) throw new Error('The demo has no job to record on.')
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } })
    // tsx keeps function names with a helper the page does not have; the probe's functions need it.
    await page.addInitScript('window.__name = (f) => f')
    // Each bridge call's start and end on the page's clock, to say where the time between Stop and the figures goes.
    await page.addInitScript(`{
      const calls = []; window.__bridgeCalls = calls; const real = window.fetch.bind(window);
      window.fetch = async (input, init) => {
        const url = String(input && input.url ? input.url : input); const m = /\\/bridge\\/call\\/(\\w+)/.exec(url);
        if (!m) return real(input, init);
        window.__bridgeUrl = url.slice(0, url.indexOf('/bridge/call/')); window.__bridgeHeaders = init && init.headers;
        const entry = { name: m[1], start: performance.now(), end: null }; calls.push(entry); if (calls.length > 500) calls.splice(0, 250);
        try { return await real(input, init) } finally { entry.end = performance.now() }
      }
    }`)
    if (process.env['BOOTH_BENCH_STOP_TRACE']) {
      // Traced runs also say when main's events reach the page (the event stream read beside the page's own
      // reader) and the page's long tasks (50 ms and over), on the same clock.
      await page.addInitScript(`{
        const calls = window.__bridgeCalls; const withCalls = window.fetch;
        window.fetch = async (input, init) => {
          const url = String(input && input.url ? input.url : input);
          const res = await withCalls(input, init);
          if (!url.includes('/bridge/events') || !res.body) return res;
          const [mine, seen] = res.body.tee();
          void (async () => {
            const reader = seen.pipeThrough(new TextDecoderStream()).getReader();
            for (;;) {
              const { value, done } = await reader.read(); if (done) return;
              const at = performance.now();
              for (const m of value.matchAll(/^event: (\\w+)$/gm)) if (m[1] !== 'follow') calls.push({ name: 'event ' + m[1], start: at, end: at });
            }
          })();
          return new Response(mine, { status: res.status, statusText: res.statusText, headers: res.headers });
        };
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) calls.push({ name: 'longtask', start: e.startTime, end: e.startTime + e.duration })
        }).observe({ type: 'longtask', buffered: false });
      }`)
    }
    await page.goto(host.launchUrl)
    await page.locator(`#job-row-${job.job_id}`).click()
    await page.locator('#job-title').filter({ hasText: job.advertiser }).waitFor()
    const rate = await page.evaluate(() => {
      const ctx = new AudioContext()
      const r = ctx.sampleRate
      void ctx.close()
      return r
    })
    const source = voiceLikeChunks(rate)
    // One short take first, so the first measured take is not the window's first (fonts, code paths warm).
    await recordOne(page, bridge, job.job_id, 1, source)
    const figures: Record<string, string | number> = {
      'machine load (1-min average) at start': os.loadavg()[0]?.toFixed(1) ?? '?',
    }
    let worst = 0
    for (const seconds of LENGTHS_S) {
      const label = seconds >= 60 ? `${seconds / 60} min` : `${seconds} s`
      const drawn: number[] = []
      const dom: number[] = []
      const sent: number[] = []
      const answered: number[] = []
      const bare: number[] = []
      for (let r = 0; r < ROUNDS; r++) {
        const m = await recordOne(page, bridge, job.job_id, seconds, source)
        bare.push(await bareRoundTrip(page))
        drawn.push(m.pressToDrawnMs)
        dom.push(m.pressToDomMs)
        sent.push(m.stopSentMs)
        answered.push(m.stopAnsweredMs)
      }
      worst = Math.max(worst, median(drawn))
      figures[`${label}: Stop → figures drawn (ms)`] =
        `median ${median(drawn).toFixed(0)} (${drawn.map((d) => d.toFixed(0)).join(', ')})`
      figures[`${label}: Stop → figures in the DOM (ms)`] = `median ${median(dom).toFixed(0)}`
      figures[`${label}: Stop → stopRecording sent / answered (ms)`] =
        `median ${median(sent).toFixed(0)} / ${median(answered).toFixed(0)}`
      // The machine's load in one figure: Stop to drawn needs at least one round trip to main and a frame.
      figures[`${label}: a bare bridge round trip from the page, after each take (ms)`] =
        `median ${median(bare).toFixed(0)} → Stop to drawn is ${(median(drawn) / median(bare)).toFixed(1)}× it`
    }
    figures['machine load (1-min average) at end'] = os.loadavg()[0]?.toFixed(1) ?? '?'
    return [
      {
        name: 'the check at Stop, in the window (Chromium, web host, 1280x720, job list shown)',
        goal: `the take's figures drawn within ${GOAL_MS} ms of Stop for 10 s, 2 min and 10 min takes (median of ${ROUNDS})`,
        pass: worst < GOAL_MS,
        figures,
      },
    ]
  } finally {
    await browser.close()
    await host.stop().catch(() => undefined)
    rmSync(dataDir, { recursive: true, force: true })
  }
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  void runAlone(benchStopInWindow)
}
