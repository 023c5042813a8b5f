/**
 * The prompter's recogniser dying under it (main/prompter/): real pocketsphinx_continuous runs
 * killed with a real SIGKILL, a missing binary. Nothing may reach Node's unhandled-rejection path (it ends
 * main, Booth quitting under the talent): the run's failure is told at once (onDied), `end()` rejects with
 * it, and the follow session says so in plain words and stops.
 */
import { execFile, execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  findPocketsphinx,
  type PocketsphinxSetup,
} from '../../../main/readback/engines/pocketsphinx/pocketsphinx-setup'
import { UtteranceDecode } from '../../../main/prompter/utterance-decode'
import { PocketsphinxFollowEngine } from '../../../main/prompter/pocketsphinx-follow'
import { watchUnhandledRejections } from '../../support/unhandled-rejections'

const run = promisify(execFile)

let setup: PocketsphinxSetup
let dir = ''
beforeAll(async () => {
  const found = await findPocketsphinx()
  if (typeof found === 'string') throw new Error(found)
  setup = found
  dir = await mkdtemp(join(tmpdir(), 'booth-follow-killed-'))
})
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

/** Rejections nothing handled while a test ran (Node would end main on each one). */
const unhandled = watchUnhandledRejections()

/** Lets Node run its unhandled-rejection check (after the microtasks of a turn) a few times. */
async function turns(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 20))
}

/** Processes whose process group is led by a shell this test process started. */
function myRecognisers(): Array<{ pid: number; pgid: number; comm: string }> {
  const all = execFileSync('ps', ['-eo', 'pid=,ppid=,pgid=,comm='], { encoding: 'utf8' })
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => {
      const [pid, ppid, pgid, ...comm] = l.trim().split(/\s+/)
      return { pid: Number(pid), ppid: Number(ppid), pgid: Number(pgid), comm: comm.join(' ') }
    })
  const leaders = new Set(all.filter((p) => p.ppid === process.pid && p.comm === 'sh').map((p) => p.pid))
  return all.filter((p) => leaders.has(p.pgid) && p.comm.startsWith('pocketsphinx'))
}

async function until<T>(find: () => T | null | undefined, what: string): Promise<T> {
  const deadline = Date.now() + 10_000
  for (;;) {
    const found = find()
    if (found !== null && found !== undefined) return found
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

function decodeSetup(binary = setup.binary) {
  return {
    binary,
    args: ['-hmm', setup.hmm, '-dict', setup.dict, '-lm', join(setup.hmm, '..', 'en-us.lm.bin'), '-time', 'yes'],
    dir,
    input: 'pipe' as const,
  }
}

/** 16 kHz mono float32 of espeak-ng reading `text`. */
async function speech16k(text: string): Promise<Float32Array> {
  const wav = join(dir, `speech-${Date.now()}.wav`)
  await run('espeak-ng', ['-s', '150', '-w', wav, text])
  const { stdout } = await run('ffmpeg', ['-v', 'error', '-i', wav, '-ar', '16000', '-ac', '1', '-f', 'f32le', '-'], {
    encoding: 'buffer',
    maxBuffer: 64 * 1024 * 1024,
  })
  const buf = stdout as unknown as Buffer
  return new Float32Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.length))
}

describe('an utterance run killed before anyone asked for its words', () => {
  it('its whole process group SIGKILLed (the page went away mid-utterance): told at once, end() rejects, nothing unhandled', async () => {
    let died: (detail: string) => void = () => undefined
    const diedWith = new Promise<string>((r) => (died = r))
    const decode = new UtteranceDecode(decodeSetup(), 0, 0, (detail) => died(detail))
    decode.write(new Float32Array(16_000))
    const engine = await until(() => myRecognisers()[0], 'pocketsphinx_continuous')
    process.kill(-engine.pgid, 'SIGKILL')
    expect(await diedWith).toMatch(/pocketsphinx stopped listening \((SIGKILL|exit 137)\)/)
    await turns()
    expect(unhandled).toEqual([])
    // Writing to the dead run is harmless (its input is closed: EPIPE goes nowhere).
    decode.write(new Float32Array(1600))
    await expect(decode.end()).rejects.toThrow(/pocketsphinx stopped listening/)
    await turns()
    expect(unhandled).toEqual([])
  })

  it('only pocketsphinx_continuous SIGKILLed while audio still comes: the pipe in front of it ends too, and the death is told', async () => {
    let died: (detail: string) => void = () => undefined
    const diedWith = new Promise<string>((r) => (died = r))
    const decode = new UtteranceDecode(decodeSetup(), 1, 0, (detail) => died(detail))
    decode.write(new Float32Array(16_000))
    const engine = await until(() => myRecognisers()[0], 'pocketsphinx_continuous')
    process.kill(engine.pid, 'SIGKILL')
    // The take goes on recording: its audio keeps arriving (cat in front of the dead engine gets SIGPIPE).
    let dead = false
    void diedWith.then(() => (dead = true))
    while (!dead) {
      decode.write(new Float32Array(1600))
      await new Promise((r) => setTimeout(r, 20))
    }
    expect(await diedWith).toMatch(/pocketsphinx stopped listening/)
    await expect(decode.end()).rejects.toThrow(/pocketsphinx stopped listening/)
    await turns()
    expect(unhandled).toEqual([])
  })

  it('a binary that is not there: told, end() rejects, nothing unhandled', async () => {
    let died: (detail: string) => void = () => undefined
    const diedWith = new Promise<string>((r) => (died = r))
    const decode = new UtteranceDecode(decodeSetup(join(dir, 'no-such-pocketsphinx')), 2, 0, (detail) => died(detail))
    // Audio keeps coming while the take records, as from the recorder. A block written before the shell
    // found the binary missing sits in the pipe's buffer, and `cat` learns the reader is gone (SIGPIPE)
    // only at its next write: one block alone could leave the run waiting for more.
    decode.write(new Float32Array(1600))
    const feed = setInterval(() => decode.write(new Float32Array(1600)), 50)
    const detail = await diedWith.finally(() => clearInterval(feed))
    expect(detail).toMatch(/pocketsphinx stopped listening \(exit 127\)/)
    await expect(decode.end()).rejects.toThrow(/exit 127/)
    await turns()
    expect(unhandled).toEqual([])
  })

  it('killed by Booth itself (the take stopped): no failure, no words', async () => {
    const told: string[] = []
    const decode = new UtteranceDecode(decodeSetup(), 3, 0, (detail) => told.push(detail))
    decode.write(new Float32Array(16_000))
    await until(() => myRecognisers()[0], 'pocketsphinx_continuous')
    decode.kill()
    await until(() => (myRecognisers().length === 0 ? true : null), 'the run to end')
    await turns()
    expect(told).toEqual([])
    expect(unhandled).toEqual([])
  })
})

describe("the prompter's pocketsphinx session losing its engine mid-take", () => {
  it('says so in plain words at once, keeps the process output for the log, and takes no more audio', async () => {
    const speech = await speech16k(
      'The harbour lights are on tonight and the ferry leaves at nine from the old pier by the market.',
    )
    const engine = new PocketsphinxFollowEngine()
    const failures: Array<{ message: string; detail: string | undefined }> = []
    let failed: () => void = () => undefined
    const told = new Promise<void>((r) => (failed = r))
    const session = await engine.open(
      'The harbour lights are on tonight and the ferry leaves at nine from the old pier by the market.',
      {
        heard: () => undefined,
        failed: (message, detail) => {
          failures.push({ message, detail })
          failed()
        },
      },
    )
    try {
      const chunk = 320
      let at = 0
      const push = () => {
        session.push(speech.subarray(at % speech.length, (at % speech.length) + chunk))
        at += chunk
      }
      // Half a second of speech: an utterance has started and its run is listening.
      while (at < 8000) push()
      const victim = await until(() => {
        push()
        return myRecognisers()[0]
      }, "the session's pocketsphinx_continuous")
      process.kill(victim.pid, 'SIGKILL')
      let done = false
      void told.then(() => (done = true))
      while (!done) {
        push()
        await new Promise((r) => setTimeout(r, 20))
      }
      expect(failures).toHaveLength(1)
      expect(failures[0]?.message).toBe('its speech engine (pocketsphinx) stopped unexpectedly.')
      expect(failures[0]?.detail).toMatch(/pocketsphinx stopped listening/)
      // Closed: more audio starts no run.
      for (let i = 0; i < 100; i++) push()
      await turns()
      expect(myRecognisers()).toEqual([])
      await session.finish()
      expect(failures).toHaveLength(1)
      expect(unhandled).toEqual([])
    } finally {
      session.close()
    }
  })
})

describe('an utterance that fails while the one before it is still being recognised', () => {
  it('is never an unhandled rejection while it waits its turn, and is reported once its turn comes', async () => {
    // A stand-in recogniser (a real process): the first run reads its utterance, then takes its time;
    // the second reads its utterance and fails at once.
    const counter = join(dir, 'runs')
    const binary = join(dir, 'pocketsphinx_continuous')
    await writeFile(
      binary,
      `#!/bin/sh\nn=$(cat '${counter}' 2>/dev/null || echo 0); n=$((n+1)); echo $n > ` +
        `'${counter}'\ncat > /dev/null\nif [ "$n" = 1 ]; then sleep 1.5; exit 0; fi\necho 'ERROR: ` +
        `"fake.c", line 1: broken' >&2\nexit 3\n`,
    )
    await chmod(binary, 0o755)
    const engine = new PocketsphinxFollowEngine({ env: { ...process.env, BOOTH_POCKETSPHINX: binary } })
    const failures: string[] = []
    let failed: () => void = () => undefined
    const told = new Promise<void>((r) => (failed = r))
    const session = await engine.open('Fresh bread every morning.', {
      heard: () => undefined,
      failed: (m) => {
        failures.push(m)
        failed()
      },
    })
    try {
      let seed = 1
      const noise = (n: number, level: number) =>
        Float32Array.from({ length: n }, () => {
          seed = (seed * 1103515245 + 12345) >>> 0
          return ((seed / 0xffffffff) * 2 - 1) * level
        })
      const push = (part: Float32Array) => {
        for (let at = 0; at < part.length; at += 320) session.push(part.subarray(at, at + 320))
      }
      // Room, a burst, a pause: the first utterance, ended; its run is the first (it counts itself).
      for (const part of [noise(8000, 0.0005), noise(6400, 0.3), noise(8000, 0.0005)]) push(part)
      await until(() => (existsSync(counter) ? true : null), 'the first run')
      // A burst, a pause: the second utterance, ended while the first is still being recognised.
      for (const part of [noise(6400, 0.3), noise(8000, 0.0005)]) push(part)
      await told
      expect(failures).toEqual(['its speech engine (pocketsphinx) stopped unexpectedly.'])
      await turns()
      expect(unhandled).toEqual([])
    } finally {
      session.close()
    }
  })
})
