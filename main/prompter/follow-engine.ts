/**
 * The one interface of a streaming recogniser for the prompter: a session per take is opened with the
 * script (to bias the recogniser toward it), takes the take's audio as it is recorded (16 kHz mono,
 * the take's clock: its first sample is 0 s), and reports what it heard, segment by segment.
 */
import type { TimedWord } from '../../shared/readback/types'

export interface HeardSegment {
  /** Segments are numbered in the order they were spoken. */
  segment: number
  /** Everything heard in this segment so far, with times in seconds into the take. */
  words: TimedWord[]
  /** No more words will come for this segment (a partial result may still change). */
  final: boolean
}

export interface FollowSessionEvents {
  heard(segment: HeardSegment): void
  /**
   * The recogniser stopped working (its process killed, crashed or missing): `message` is what the person
   * reads (plain words, no process output), `detail` what the log keeps. The take records on.
   */
  failed(message: string, detail?: string): void
}

export interface FollowSession {
  push(samples: Float32Array): void
  /** The take ended: what is left is recognised and reported, then the promise settles. */
  finish(): Promise<void>
  /** Stops at once; nothing more is reported. */
  close(): void
}

export interface FollowEngine {
  readonly name: string
  /** null when it can run; else one sentence saying what is missing and how to get it. */
  unavailable(): Promise<string | null>
  /** Loads what every take needs (a dictionary, a model) ahead of the first take; optional. */
  prepare?(): Promise<void>
  open(script: string, events: FollowSessionEvents): Promise<FollowSession>
}

/**
 * The first of several engines that can run here (sherpa-onnx with a streaming model, else pocketsphinx),
 * chosen when a session opens; its name is the chosen one's.
 */
export class FirstAvailableEngine implements FollowEngine {
  private chosen: FollowEngine | null = null

  constructor(private readonly engines: readonly FollowEngine[]) {}

  get name(): string {
    return this.chosen?.name ?? this.engines.map((e) => e.name).join(' or ')
  }

  async pick(): Promise<{ engine: FollowEngine | null; why: string | null }> {
    const reasons: string[] = []
    for (const engine of this.engines) {
      const why = await engine.unavailable().catch((err: unknown) => (err instanceof Error ? err.message : String(err)))
      if (!why) return { engine, why: null }
      reasons.push(why.replace(/\.$/, ''))
    }
    return { engine: null, why: `The prompter cannot follow the voice here: ${reasons.join('; ')}.` }
  }

  async unavailable(): Promise<string | null> {
    return (await this.pick()).why
  }

  async prepare(): Promise<void> {
    await (await this.pick()).engine?.prepare?.()
  }

  async open(script: string, events: FollowSessionEvents): Promise<FollowSession> {
    const { engine, why } = await this.pick()
    if (!engine) throw new Error(why ?? 'No engine can follow the voice here.')
    this.chosen = engine
    return engine.open(script, events)
  }
}
