import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: [
      'test/unit/**/*.test.ts',
      'test/contract/**/*.test.ts',
      'test/integration/**/*.test.ts',
      'test/shell/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // The files share their processes, a process per worker instead of one per file (about half the CPU of
    // a small file, a quarter of the run); test/support/fresh-modules.ts gives each file Booth's modules
    // afresh and fails a file that leaves the process changed, so each still runs as in a process of its own.
    isolate: false,
    setupFiles: ['test/support/fresh-modules.ts'],
    // Beside the default reporter: the tests that took more than a third of their timeout, listed at the end.
    reporters: ['default', './test/support/slow-tests-vitest.ts'],
    // Three files at a time even on a 2-core machine (Vitest's default there is one): many files wait on
    // child processes (ffmpeg, espeak-ng, pocketsphinx), servers and timers, not on the CPU, and two kept
    // about 1.55 of the 2 cores busy. On 2 cores: two files 307-323 s, three 270-275 s, four 271 s
    // (docs/measurements.md); a slow test then takes longer, within its timeout.
    maxWorkers: Math.max(3, availableParallelism() - 1),
  },
})
