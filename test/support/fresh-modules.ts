/**
 * Runs before each test file (vitest.config.ts's setupFiles). The files share their processes
 * (`isolate: false`), which saves a process and a fresh set of imports per file (about half the CPU of
 * the small files); this keeps each file as apart from the others as a process of its own would:
 *
 * - Booth's own modules are evaluated afresh for every file, so what a module keeps for the process (the
 *   talent's time zone in shared/format/shown-zone.ts, the secrets main/security/child-env.ts holds back,
 *   the listeners of main/storage/damaged-files.ts, the renderer's punch requests) starts as a fresh
 *   process would have it, whichever file ran before. The packages Node loads from node_modules stay
 *   loaded; none of them keeps anything the tests set.
 * - What cannot be evaluated afresh is checked instead: a file that leaves the process's environment, its
 *   working folder, its globals, its process listeners or fake timers changed fails, naming what it left,
 *   so the next file never runs in what this one left behind.
 */
import { afterAll, vi } from 'vitest'

vi.resetModules()

// Packages that leave something process-wide once, when Node first loads them (they stay loaded): loaded
// here, before the check's snapshot, so the first file that happens to load them is not taken for having
// left it. tus-js-client's lock files register signal-exit's SIGINT and SIGTERM handlers; Playwright's
// bundled zod sets its global registry.
await import('tus-js-client')
await import('@playwright/test')

const PROCESS_EVENTS = [
  'uncaughtException',
  'unhandledRejection',
  'exit',
  'beforeExit',
  'SIGINT',
  'SIGTERM',
  'warning',
] as const

function processState() {
  return {
    env: { ...process.env },
    cwd: process.cwd(),
    globals: Object.getOwnPropertyNames(globalThis).sort(),
    listeners: new Map(PROCESS_EVENTS.map((e) => [e, process.listenerCount(e)])),
  }
}

const before = processState()

afterAll(() => {
  const after = processState()
  const changedEnv = [...new Set([...Object.keys(before.env), ...Object.keys(after.env)])].filter(
    (k) => before.env[k] !== after.env[k],
  )
  const leftover = {
    'environment variables changed': changedEnv,
    'working folder': after.cwd === before.cwd ? [] : [after.cwd],
    'globals added': after.globals.filter((g) => !before.globals.includes(g)),
    'globals removed': before.globals.filter((g) => !after.globals.includes(g)),
    'process listeners added': PROCESS_EVENTS.filter(
      (e) => (after.listeners.get(e) ?? 0) > (before.listeners.get(e) ?? 0),
    ),
    'fake timers left on': vi.isFakeTimers() ? ['yes'] : [],
  }
  const said = Object.entries(leftover)
    .filter(([, v]) => v.length > 0)
    .map(([what, names]) => `${what}: ${names.join(', ')}`)
  if (said.length > 0)
    throw new Error(
      `This test file left the process changed for the next file that runs in it (put it back in an afterAll or afterEach). ${said.join('; ')}.`,
    )
})
