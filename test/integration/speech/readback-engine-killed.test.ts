/**
 * A read-back whose speech engine dies mid-way (main/readback/service/readback-queue.ts, readback-failure.ts): a
 * real pocketsphinx run on a spoken take, SIGKILLed while it listens. The take's read-back is "failed"
 * with one plain sentence (not finished, the take kept, check it again), the engine's own words go to the
 * log, the queue goes on to the next take, and nothing reaches Node's unhandled-rejection path.
 */
import { execFileSync } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PocketsphinxEngine } from '../../../main/readback/engines/pocketsphinx/pocketsphinx-engine'
import { ReadbackQueue } from '../../../main/readback/service/readback-queue'
import { READBACK_NOT_FINISHED, readbackFailureSentence } from '../../../main/readback/service/readback-failure'
import type { ReadbackState } from '../../../shared/bridge-readback'
import { makeTempDir, makeVoiceTake } from '../../support/audio-fixtures'
import { watchUnhandledRejections } from '../../support/unhandled-rejections'

let take = ''
let cleanup: () => Promise<void> = async () => undefined
beforeAll(async () => {
  const made = await makeTempDir('booth-readback-killed-')
  cleanup = made.cleanup
  take = await makeVoiceTake(made.dir, 'take', {
    text: 'Visit the harbour market this weekend for fresh bread, local cheese and live music by the water.',
    leadS: 0.5,
    tailS: 0.5,
  })
})
afterAll(() => cleanup())

/** Rejections nothing handled while a test ran (Node would end main on each one). */
const unhandled = watchUnhandledRejections()

/** pocketsphinx runs this process started. */
function myPocketsphinx(): number[] {
  return execFileSync('ps', ['-eo', 'pid=,ppid=,comm='], { encoding: 'utf8' })
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => l.trim().split(/\s+/))
    .filter(([, ppid, comm]) => Number(ppid) === process.pid && (comm ?? '').startsWith('pocketsphinx'))
    .map(([pid]) => Number(pid))
}

describe('a read-back whose engine is killed', () => {
  // Two read-backs of a real take on a shared machine: a generous limit, no timing asserted.
  it('is "not finished" in plain words, logged with the engine\'s words, and the queue goes on', async () => {
    const engine = new PocketsphinxEngine()
    const missing = await engine.unavailable()
    if (missing) throw new Error(missing)
    const states: ReadbackState[] = []
    const warned: string[] = []
    let killed = 0
    const queue = new ReadbackQueue({
      run: async (takeId, signal) => {
        const heard = engine.transcribe(take, { hints: 'Visit the harbour market this weekend.', signal })
        if (takeId === 'first') {
          // Killed from outside while it listens (a real SIGKILL on the running recogniser).
          for (;;) {
            const pids = myPocketsphinx()
            if (pids.length) {
              for (const pid of pids) process.kill(pid, 'SIGKILL')
              killed += pids.length
              break
            }
            await new Promise((r) => setTimeout(r, 5))
          }
        }
        const t = await heard
        return { takeId, status: 'done', result: null, message: `${t.words.length} words` }
      },
      emit: (s) => states.push(s),
      isRecording: () => false,
      warn: (m) => warned.push(m),
    })
    queue.add('first')
    queue.add('second')
    await queue.whenIdle()
    expect(killed).toBeGreaterThan(0)
    const first = states.filter((s) => s.takeId === 'first').at(-1)
    expect(first).toEqual({ takeId: 'first', status: 'failed', result: null, message: READBACK_NOT_FINISHED })
    expect(warned.join('\n')).toMatch(/take first did not finish: pocketsphinx stopped \(SIGKILL\)/)
    // The next take is read back by a fresh run, as if nothing happened.
    const second = states.filter((s) => s.takeId === 'second').at(-1)
    expect(second?.status).toBe('done')
    expect(second?.message).toMatch(/^[1-9]\d* words$/)
    await new Promise((r) => setTimeout(r, 50))
    expect(unhandled).toEqual([])
  }, 180_000)

  it('words: an engine that died or never started is "not finished"; a system error is said plainly; worded failures keep their words', () => {
    expect(readbackFailureSentence(new Error('pocketsphinx stopped (SIGKILL): no message'))).toBe(READBACK_NOT_FINISHED)
    expect(
      readbackFailureSentence(
        new Error(
          'pocketsphinx stopped (exit 1): ERROR: "acmod.c", line 79: Acoustic model definition is not specified',
        ),
      ),
    ).toBe(READBACK_NOT_FINISHED)
    expect(readbackFailureSentence(new Error("ENOENT: no such file or directory, open '/x/take.wav'"))).toMatch(
      /^The read-back did not finish: Booth could not read or write a file it needs\./,
    )
    expect(readbackFailureSentence(new Error('Take nope is not on this computer.'))).toBe(
      'Take nope is not on this computer.',
    )
  })
})
