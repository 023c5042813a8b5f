/**
 * Hearings kept on disk for tuning the read-back's comparison and certainty (compare/, certainty/): the
 * engine's transcript of each read is written once into `dir` and read from there afterwards, so a rule
 * of those stages can be measured again on the very same hearings in seconds instead of hearing every
 * take again. Only for the bench (BOOTH_BENCH_READBACK_HEARINGS): a change of the engine or of the
 * language models needs a fresh folder, as the kept transcripts are what the old ones heard.
 */
import { createHash } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { ReadbackEngine, Transcript, TranscribeOptions } from '../../main/readback/engine'

/** `engine`, with each transcript kept in `dir` by the WAV's bytes and the hints it was heard with. */
export function keptHearings(engine: ReadbackEngine, dir: string): ReadbackEngine {
  return {
    name: engine.name,
    unavailable: () => engine.unavailable(),
    // How words are said comes from the engine's dictionary each time: it is no part of a hearing.
    ...(engine.soundsOf
      ? {
          soundsOf: (words: readonly string[]) =>
            (engine.soundsOf as NonNullable<ReadbackEngine['soundsOf']>).call(engine, words),
        }
      : {}),
    // The rival contests are heard afresh each time: they depend on the comparison being tuned.
    ...(engine.contest ? { contest: engine.contest.bind(engine) } : {}),
    async transcribe(wavPath: string, options: TranscribeOptions = {}): Promise<Transcript> {
      await mkdir(dir, { recursive: true })
      const key = createHash('sha1')
        .update(engine.name)
        .update('\0')
        .update(await readFile(wavPath))
        .update('\0')
        .update(options.hints ?? '')
        .update('\0')
        .update((options.names ?? []).join('\n'))
        .digest('hex')
        .slice(0, 20)
      const file = join(dir, `${key}.json`)
      const kept = await readFile(file, 'utf8').then(
        (t) => JSON.parse(t) as Transcript,
        () => null,
      )
      if (kept) return kept
      const transcript = await engine.transcribe(wavPath, options)
      await writeFile(`${file}.part`, JSON.stringify(transcript))
      await rename(`${file}.part`, file)
      return transcript
    },
  }
}
