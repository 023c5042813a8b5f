import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/contract/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/shell/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // The files share their processes, a process per worker instead of one per file (about half the CPU of
    // a small file, a quarter of the run); test/support/fresh-modules.ts gives each file Booth's modules
    // afresh and fails a file that leaves the process changed, so each still runs as in a process of its own.
    isolate: false,
    setupFiles: ['test/support/fresh-modules.ts'],
    // Two files at a time even on a 2-core machine (Vitest's default there is one): most files wait on
    // child processes (ffmpeg, espeak-ng, pocketsphinx), servers and timers, not on the CPU.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
})
