/**
 * The prompter's pocketsphinx engine: the take's audio is cut into utterances at its pauses and at a
 * maximum length (utterance-splitter.ts); each utterance gets its own pocketsphinx_continuous run that
 * reads it from a pipe (`-infile /dev/stdin`) WHILE it is spoken, so when it ends only the last
 * moment and the final passes are left to decode. An utterance cut mid-speech is heard again at the
 * start of the next (CONTEXT_S), so a word split by the cut is recognised whole. The recogniser is
 * biased toward the script like the read-back (a trigram model of the script's sentences, here with
 * each sentence's tails as sentences too since an utterance may start mid-sentence, plus general
 * words; a dictionary of just those words; built once per take).
 *
 * Why not one long-lived process for the whole take: pocketsphinx_continuous (5prealpha, as Debian
 * ships it) then ends utterances by its own voice detector only (half a second of silence, no maximum
 * length), so a run of speech waits to its end. Its model is memory-mapped: a new run starts in ~40 ms.
 * On Windows, which has no /dev/stdin, each utterance is written to a file and recognised when it ends.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  writtenAcronyms,
  buildArpa,
  GENERAL_VOCABULARY,
  findPocketsphinx,
  type PocketsphinxSetup,
  dictionaryAt,
  pronounce,
  spokenSentences,
} from '../readback'
import type { FollowEngine, FollowSession, FollowSessionEvents } from './follow-engine'
import { UtteranceDecode, type DecodeSetup } from './utterance-decode'
import { UtteranceSplitter, type SplitEvent, type SplitterOptions } from './utterance-splitter'
import { SPEECH_RATE } from './pcm-to-16k'
import { concatSamples } from './samples'

/** Audio of the utterance before that a cut one is heard with (words in it were reported already). */
const CONTEXT_S = 0.8
/** Utterances being recognised at once; past this (a machine too busy to keep up) new ones are skipped. */
const MAX_LIVE = 3

export interface PocketsphinxFollowOptions {
  env?: NodeJS.ProcessEnv
  splitter?: Partial<SplitterOptions>
  /** How each utterance reaches pocketsphinx: through a pipe as it is spoken, or a file once it ended. */
  input?: 'pipe' | 'file'
}

export class PocketsphinxFollowEngine implements FollowEngine {
  readonly name = 'pocketsphinx'
  private setup: Promise<PocketsphinxSetup | string> | null = null

  constructor(private readonly options: PocketsphinxFollowOptions = {}) {}

  private find(): Promise<PocketsphinxSetup | string> {
    this.setup ??= findPocketsphinx(this.options.env)
    return this.setup
  }

  async unavailable(): Promise<string | null> {
    const s = await this.find()
    return typeof s === 'string' ? s : null
  }

  /**
   * The pronunciation dictionary (about 135 000 words) is read ahead of the first take, once per process
   * (dictionaryAt, which also tries a failed read again at the next take).
   */
  async prepare(): Promise<void> {
    const setup = await this.find()
    if (typeof setup === 'string') return
    await dictionaryAt(setup.dict).catch(() => undefined)
  }

  async open(script: string, events: FollowSessionEvents): Promise<FollowSession> {
    const setup = await this.find()
    if (typeof setup === 'string') throw new Error(setup)
    const dir = await mkdtemp(join(tmpdir(), 'booth-follow-'))
    try {
      const sentences = spokenSentences(script)
      const vocab = new Set([...sentences.flat(), ...GENERAL_VOCABULARY])
      const { lines, missing } = await pronounce(vocab, await dictionaryAt(setup.dict), {
        alsoSpell: sentences.flat(),
        spellOut: writtenAcronyms(script),
      })
      const drop = new Set(missing)
      const kept = sentences.map((s) => s.filter((w) => !drop.has(w)))
      const withTails = kept.flatMap((s) => s.map((_, i) => s.slice(i)))
      await writeFile(
        join(dir, 'script.lm'),
        buildArpa(
          withTails,
          GENERAL_VOCABULARY.filter((w) => !drop.has(w)),
        ),
      )
      await writeFile(join(dir, 'script.dict'), `${lines.join('\n')}\n`)
    } catch (err) {
      await rm(dir, { recursive: true, force: true })
      throw err
    }
    const args = [
      '-hmm',
      setup.hmm,
      '-lm',
      join(dir, 'script.lm'),
      '-dict',
      join(dir, 'script.dict'),
      '-time',
      'yes',
      '-remove_noise',
      'no',
    ]
    const input = this.options.input ?? (process.platform === 'win32' ? 'file' : 'pipe')
    return new PocketsphinxFollowSession(
      { binary: setup.binary, args, dir, input },
      events,
      new UtteranceSplitter(this.options.splitter),
    )
  }
}

class PocketsphinxFollowSession implements FollowSession {
  private current: UtteranceDecode | null = null
  private segment = 0
  private live = 0
  /** The last CONTEXT_S of the utterance under way. */
  private tail: Float32Array[] = []
  private lastWasCut = false
  private reported: Promise<void> = Promise.resolve()
  private readonly decodes = new Set<UtteranceDecode>()
  private closed = false

  constructor(
    private readonly setup: DecodeSetup,
    private readonly events: FollowSessionEvents,
    private readonly splitter: UtteranceSplitter,
  ) {}

  push(samples: Float32Array): void {
    if (this.closed) return
    for (const e of this.splitter.push(samples)) this.handle(e)
  }

  async finish(): Promise<void> {
    for (const e of this.splitter.flush()) this.handle(e)
    await this.reported
    this.close()
  }

  close(): void {
    if (this.closed) return
    this.closed = true
    for (const d of this.decodes) d.kill()
    rm(this.setup.dir, { recursive: true, force: true }).catch(() => undefined)
  }

  private handle(e: SplitEvent): void {
    if (this.closed) return
    if (e.kind === 'start') {
      const context = this.lastWasCut ? contextOf(this.tail) : new Float32Array(0)
      this.tail = []
      if (this.live >= MAX_LIVE) {
        this.current = null
        return
      }
      this.live++
      const decode = new UtteranceDecode(this.setup, this.segment, e.startS - context.length / SPEECH_RATE, (detail) =>
        this.died(detail),
      )
      this.decodes.add(decode)
      this.current = decode
      decode.write(context)
      // Words that end in the context were reported with the utterance before.
      decode.reportAfter(context.length ? e.startS + 0.05 : -Infinity)
      this.feed(e.samples)
    } else if (e.kind === 'audio') {
      this.feed(e.samples)
    } else {
      this.lastWasCut = e.cut
      const decode = this.current
      this.current = null
      if (!decode) return
      const segment = this.segment++
      const result = e.speech ? decode.end() : (decode.kill(), Promise.resolve([]))
      // Awaited only once the utterances before it are reported: a run that fails meanwhile must not be
      // an unhandled rejection for that long (it would end main). Its failure is still reported below.
      result.catch(() => undefined)
      this.reported = this.reported
        .then(() => result)
        .then(
          (words) => {
            if (!this.closed && words.length) this.events.heard({ segment, words, final: true })
          },
          (err: unknown) => {
            if (this.closed) return
            const detail = err instanceof Error ? err.message : String(err)
            this.events.failed(engineStoppedSentence(detail), detail)
            this.close()
          },
        )
        .finally(() => {
          this.live--
          this.decodes.delete(decode)
        })
    }
  }

  /** An utterance's run ended on its own mid-take (killed, crashed): said at once, and this session stops. */
  private died(detail: string): void {
    if (this.closed) return
    this.events.failed(engineStoppedSentence(detail), detail)
    this.close()
  }

  private feed(samples: Float32Array): void {
    this.current?.write(samples)
    this.tail.push(samples)
    let kept = this.tail.reduce((n, t) => n + t.length, 0)
    while (this.tail.length > 1 && kept - (this.tail[0] as Float32Array).length >= CONTEXT_S * SPEECH_RATE)
      kept -= (this.tail.shift() as Float32Array).length
  }
}

/** What the person reads when an utterance's run failed: never the process's own output. */
export function engineStoppedSentence(detail: string): string {
  return /could not be started/.test(detail)
    ? 'its speech engine (pocketsphinx) could not be started.'
    : 'its speech engine (pocketsphinx) stopped unexpectedly.'
}

/** The kept audio joined, its last CONTEXT_S seconds at most. */
function contextOf(parts: readonly Float32Array[]): Float32Array {
  const out = concatSamples(parts)
  return out.length > CONTEXT_S * SPEECH_RATE ? out.slice(out.length - CONTEXT_S * SPEECH_RATE) : out
}
