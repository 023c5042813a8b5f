import { defineConfig } from '@playwright/test'

/**
 * Specs whose tests wait on a speech engine's answer or record long with Chromium's fake microphone (and
 * kill the host mid-take): they use most of the CPU and their timing matters, so they run one at a time,
 * in a worker of their own. The window's specs that record a second or two stay with the others, and so do
 * the recorder's meter specs (silence, a silent take, Space to record): light, and they keep the two
 * workers' shares of the run about even (the speech worker alone set the run's length). stale-lines (a
 * world of its own, reloads and closes pages mid-take) runs with the speech specs for the same reason: in
 * the 2026-12-07 clean-clone run the window's worker had 748 s of tests to the speech worker's 608.
 */
const SPEECH_SPECS = [
  'booth-gone',
  'disk-trouble',
  'finish-for-delivery',
  'take-export',
  'punch-and-roll',
  'punch-cut-short',
  'prompter-follow',
  'session-holds',
  'stale-lines',
  'versions-*',
  'readback*',
  'revision-*',
].map((name) => `**/${name}.spec.ts`)

// End-to-end tests drive the real renderer in Debian's Chromium against the web host in demo mode.
// Two workers: one runs the speech specs in turn, the other the window's specs (lists, dialogs, errors,
// layout), which mostly wait on the page; together they take about half the time of one worker.
export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  retries: 0,
  // The list, and at the end the tests that took more than a third of their timeout (issue 41: make each robust).
  reporter: [['list'], ['./test/e2e/support/slow-tests-reporter.ts']],
  use: {
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: process.env['BOOTH_CHROMIUM'] ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'speech', testMatch: SPEECH_SPECS, workers: 1 },
    { name: 'window', testMatch: '**/*.spec.ts', testIgnore: SPEECH_SPECS, workers: 1 },
  ],
})
