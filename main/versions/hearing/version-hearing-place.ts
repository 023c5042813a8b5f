/**
 * New audio in a version (a punch, a pickup whose take was never read back) has no hearing to map, so it
 * is heard — in its place in the rendered version, with a little of the audio around it for the
 * recogniser's context, and only its own part of what is heard is kept (version-hearing.ts says why the
 * rest is mapped instead). A version made of new audio only is heard whole, as before.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runFfmpeg } from '../../audio/run-ffmpeg'
import type { Transcribe } from './version-inputs'
import { joinHearings, type Hearing, type TimeSegment } from './version-hearing'

/** Audio heard on either side of new audio, for context (s); its words are not kept. */
export const PLACE_CONTEXT_S = 1.5

interface Stretch {
  fromS: number
  toS: number
}

/** The stretches of the result to hear: the new audio's cores widened by the context, merged, within the result. */
export function stretchesToHear(
  unknown: readonly TimeSegment[],
  lengthS: number,
  contextS = PLACE_CONTEXT_S,
): Stretch[] {
  const spans = unknown
    .map((s) => ({ fromS: Math.max(0, s.coreFromS - contextS), toS: Math.min(lengthS, s.coreToS + contextS) }))
    .filter((s) => s.toS > s.fromS)
    .sort((a, b) => a.fromS - b.fromS)
  const out: Stretch[] = []
  for (const s of spans) {
    const last = out[out.length - 1]
    if (last && s.fromS <= last.toS) last.toS = Math.max(last.toS, s.toS)
    else out.push({ ...s })
  }
  return out
}

const r4 = (x: number): number => Math.round(x * 10_000) / 10_000

/** Items heard in a stretch, moved to the result's time and kept where new audio speaks. */
function keepNew<T extends { start_s: number; end_s: number }>(
  items: readonly T[],
  offsetS: number,
  cores: readonly TimeSegment[],
): T[] {
  return items.flatMap((w) => {
    const start = w.start_s + offsetS
    const end = w.end_s + offsetS
    const centre = (start + end) / 2
    return cores.some((c) => centre >= c.coreFromS && centre < c.coreToS)
      ? [{ ...w, start_s: r4(start), end_s: r4(end) }]
      : []
  })
}

/** A file heard whole: everything a check is made from. */
export async function hearWhole(path: string, script: string, transcribe: Transcribe): Promise<Hearing> {
  const t = await transcribe(path, script)
  return { engine: t.engine, words: t.words, doubts: t.doubts ?? [], cross: t.cross ?? null }
}

/**
 * Hears the new audio of `renderedPath` (the version, `lengthS` long) in place. Throws what transcribe
 * throws (EngineUnavailableError when no engine can run).
 */
export async function hearInPlace(
  renderedPath: string,
  lengthS: number,
  unknown: readonly TimeSegment[],
  script: string,
  transcribe: Transcribe,
  ffmpegPath?: string,
): Promise<Hearing> {
  const stretches = stretchesToHear(unknown, lengthS)
  const dir = await mkdtemp(join(tmpdir(), 'booth-hear-'))
  try {
    const parts: Hearing[] = []
    for (const [i, s] of stretches.entries()) {
      let path = renderedPath
      if (s.fromS > 0 || s.toS < lengthS) {
        path = join(dir, `stretch-${i}.wav`)
        await runFfmpeg(
          [
            '-hide_banner',
            '-nostdin',
            '-y',
            '-i',
            renderedPath,
            '-af',
            `atrim=start=${s.fromS.toFixed(6)}:end=${s.toS.toFixed(6)},asetpts=PTS-STARTPTS`,
            '-c:a',
            'pcm_s16le',
            '-f',
            'wav',
            '-bitexact',
            path,
          ],
          { ffmpegPath },
        )
      }
      const t = await hearWhole(path, script, transcribe)
      parts.push({
        engine: t.engine,
        words: keepNew(t.words, s.fromS, unknown),
        doubts: keepNew(t.doubts, s.fromS, unknown),
        cross: t.cross
          ? {
              words: keepNew(t.cross.words, s.fromS, unknown),
              ...(t.cross.lattice ? { lattice: keepNew(t.cross.lattice, s.fromS, unknown) } : {}),
            }
          : null,
      })
    }
    return joinHearings(parts)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
