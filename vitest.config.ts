import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/contract/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/shell/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Two files at a time even on a 2-core machine (Vitest's default there is one): most files wait on
    // child processes (ffmpeg, espeak-ng, pocketsphinx), servers and timers, not on the CPU.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
})
