import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/contract/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/shell/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Each fork runs its share of the files one after another in one process, instead of a fresh process
    // and fresh imports per file. The suite is CPU-bound on two cores, and this is a quarter of its CPU:
    // 60 small files took 22 s of CPU against 55 s, the whole run 1,387 s against about 1,800 s (850 s of
    // wall time against about 1,000 s; docs/measurements.md). The tests keep no state between files: none
    // mocks a module or sets process.env, the one that stubs a global unstubs it, and the four with fake
    // timers restore real ones.
    isolate: false,
    // Two files at a time even on a 2-core machine (Vitest's default there is one): most files wait on
    // child processes (ffmpeg, espeak-ng, pocketsphinx), servers and timers, not on the CPU.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
})
