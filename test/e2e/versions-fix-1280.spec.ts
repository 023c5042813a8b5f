/**
 * Fixing a take in the window at 1280x720 with the jobs list shown, by keyboard (test/e2e/support/versions-scenarios.ts):
 * a misread sentence fixed by a dropped pickup into version 2 that reads back clean, the proofer's card
 * ticked, any version played, undo and restore, the comp grid picked and rendered; and a fixed take's
 * version delivered to the sandbox. Its own Booth and sandbox (one per spec file), so each size starts fresh.
 */
import { test, expect } from './booth-host'
import { LAPTOP_SCREENS } from './support/reading'
import { fixAndComp, fixAndDeliver } from './support/versions-scenarios'

const screen = LAPTOP_SCREENS[0]

test('a misread sentence fixed with a pickup: versions, undo, restore, the card ticked, a comp rendered (1280x720)', async ({
  page,
  booth,
  consoleErrors,
}) => {
  test.setTimeout(600_000)
  await fixAndComp({
    page,
    launchUrl: booth.launchUrl,
    screen,
    voice: { voice: 'en-us+f2', speed: 175 },
    stray: true,
    shots: true,
    consoleErrors,
  })
  expect(consoleErrors).toEqual([])
})

test('a fixed take’s version is delivered under its name with the version mark (1280x720)', async ({
  page,
  booth,
  consoleErrors,
}) => {
  test.setTimeout(600_000)
  await fixAndDeliver({
    page,
    launchUrl: booth.launchUrl,
    screen,
    voice: { voice: 'en-us+f2', speed: 150 },
    stray: false,
    shots: false,
    consoleErrors,
  })
  expect(consoleErrors).toEqual([])
})
