import { describe, expect, it } from 'vitest'
import { BoundedText } from '../../../main/audio/bounded-text'
import {
  FfmpegAbortError,
  FfmpegExitError,
  FfmpegSpawnError,
  FfmpegTimeoutError,
} from '../../../main/audio/ffmpeg-errors'
import { killAllFfmpeg, runningFfmpegCount } from '../../../main/audio/ffmpeg-registry'
import { runFfmpeg } from '../../../main/audio/run-ffmpeg'

/** An ffmpeg that runs until stopped: silence in real time (-re) to the null muxer. */
const ENDLESS = ['-re', '-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono', '-f', 'null', '-']

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`)
    await new Promise((r) => setTimeout(r, 10))
  }
}

describe('runFfmpeg', () => {
  it('runs real ffmpeg and keeps its stderr', async () => {
    const run = await runFfmpeg(['-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono:d=0.1', '-f', 'null', '-'])
    expect(run.stderr).toMatch(/Input #0, lavfi/)
    expect(run.stderrTruncated).toBe(false)
    expect(run.stdout.length).toBe(0)
  })

  it('collects stdout when asked, up to the bound', async () => {
    const args = ['-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono:d=0.5', '-f', 's16le', '-']
    expect((await runFfmpeg(args, { stdoutMaxBytes: 1_000_000 })).stdout.length).toBe(8000) // 4000 samples × 2 bytes
    expect((await runFfmpeg(args, { stdoutMaxBytes: 100 })).stdout.length).toBe(100)
  })

  it('rejects a failed run with FfmpegExitError carrying the exit code and ffmpeg’s reason', async () => {
    const err = await runFfmpeg(['-i', '/nonexistent/take.wav', '-f', 'null', '-']).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(FfmpegExitError)
    expect((err as FfmpegExitError).exitCode).toBe(1)
    expect((err as FfmpegExitError).message).toBe(
      'ffmpeg exited with code 1: /nonexistent/take.wav: No such file or directory',
    )
    expect(runningFfmpegCount()).toBe(0)
  })

  it('rejects with FfmpegSpawnError when the binary cannot be started', async () => {
    await expect(runFfmpeg(['-version'], { ffmpegPath: '/nonexistent/ffmpeg' })).rejects.toBeInstanceOf(
      FfmpegSpawnError,
    )
    expect(runningFfmpegCount()).toBe(0)
  })

  it('cancels through an AbortSignal, and never starts with an aborted one', async () => {
    const controller = new AbortController()
    const run = runFfmpeg(ENDLESS, { signal: controller.signal })
    await until(() => runningFfmpegCount() === 1, 'ffmpeg to start')
    controller.abort()
    const err = await run.catch((e: unknown) => e)
    expect(err).toBeInstanceOf(FfmpegAbortError)
    expect((err as Error).name).toBe('AbortError')
    expect(runningFfmpegCount()).toBe(0)
    await expect(runFfmpeg(ENDLESS, { signal: controller.signal })).rejects.toBeInstanceOf(FfmpegAbortError)
    expect(runningFfmpegCount()).toBe(0)
  })

  it('kills a run that outlives its timeout', async () => {
    const err = await runFfmpeg(ENDLESS, { timeoutMs: 300 }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(FfmpegTimeoutError)
    expect((err as Error).message).toBe('ffmpeg did not finish within 300 ms and was stopped.')
    expect(runningFfmpegCount()).toBe(0)
  })

  it('refuses a timeout that is not a positive number', async () => {
    await expect(runFfmpeg(['-version'], { timeoutMs: 0 })).rejects.toThrow(
      'runFfmpeg timeoutMs must be a positive number of milliseconds.',
    )
  })

  it('killAllFfmpeg stops every running ffmpeg (quit) and waits for them to exit', async () => {
    const runs = [runFfmpeg(ENDLESS), runFfmpeg(ENDLESS)].map((p) => p.catch((e: unknown) => e))
    await until(() => runningFfmpegCount() === 2, 'two ffmpeg runs to start')
    expect(await killAllFfmpeg('Booth is quitting.')).toBe(2)
    expect(runningFfmpegCount()).toBe(0)
    for (const err of await Promise.all(runs)) {
      expect(err).toBeInstanceOf(FfmpegAbortError)
      expect((err as Error).message).toBe('Booth is quitting.')
    }
    expect(await killAllFfmpeg()).toBe(0)
  })

  it('bounds stderr to head + tail and says so', async () => {
    const run = await runFfmpeg(
      ['-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono:d=0.2', '-af', 'astats', '-f', 'null', '-'],
      {
        stderrHeadChars: 100,
        stderrTailChars: 200,
      },
    )
    expect(run.stderrTruncated).toBe(true)
    expect(run.stderr.startsWith('Input #0, lavfi')).toBe(true)
    expect(run.stderr).toMatch(/\[\.\.\. \d+ characters of output dropped \.\.\.\]\n/)
    expect(run.stderr.length).toBeLessThan(100 + 200 + 60)
    expect(run.stderr).toMatch(/Number of samples: 1600\s*$/) // the end, where summaries are, is kept
  })
})

describe('BoundedText', () => {
  it('keeps everything under the limits, and head + tail with a count when over', () => {
    const small = new BoundedText(5, 5)
    small.append('abc')
    small.append('defgh')
    expect(small.toString()).toBe('abcdefgh')
    expect(small.truncated).toBe(false)
    const big = new BoundedText(3, 4)
    for (const chunk of ['0123', '456789', 'abcdefghij']) big.append(chunk)
    expect(big.toString()).toBe('012\n[... 13 characters of output dropped ...]\nghij')
    expect(big.dropped).toBe(13)
  })
  it('refuses negative limits', () => {
    expect(() => new BoundedText(-1, 5)).toThrow('BoundedText limits must be zero or more characters.')
  })
})
