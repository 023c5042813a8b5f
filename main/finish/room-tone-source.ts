/**
 * The job's room tone for a take whose pauses are silence (issue 42 point 3: "keeps its silence, or, if the
 * talent chooses, the job's room tone"): another take of the job, read in the same booth, its recording
 * kept by content, brought to the take's format, and its own room tone found as the finish finds any take's
 * (analyse-pauses.ts, from its signal). The finish lays a bed of it under the fitted take (fit-edit-list.ts
 * roomToneBed). A take with no room tone to give is refused in words; the take itself is never changed.
 */
import { openWavSource } from '../media/wav-source'
import { SILENT_BELOW_DB } from '../../shared/format/level-words'
import type { AudioFormat } from '../../shared/versions/edit-list'
import type { RecordingRef, Recordings } from '../versions/index'
import type { Span } from './analyse-pauses'
import { analyseTake, type AnalysedTake } from './finish-analysis'
import { crossfadeFrames, fillMinFrames } from './fit-edit-list'
import { usableStretches } from './room-tone-fill'

/** Where the room tone comes from: another take's audio and its name for the person ("take 2"). */
export interface RoomToneFrom {
  path: string
  name: string
}

export interface RoomToneSource {
  /** The recording (in the take's format) and its room-tone stretches (frames). */
  hash: string
  stretches: Span[]
  /** Its room tone's level (dB, high-passed mean square), for the breath step. */
  roomToneDb: number
}

export class RoomToneSourceError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'RoomToneSourceError'
  }
}

export async function roomToneSource(
  recordings: Recordings,
  from: RoomToneFrom,
  format: AudioFormat,
): Promise<RoomToneSource> {
  let ref: RecordingRef
  try {
    ref = await recordings.conform(await recordings.add(from.path), format)
  } catch (err) {
    throw new RoomToneSourceError(
      `The room tone of ${from.name} cannot be read (${(err as Error).message.split('\n')[0] ?? ''}).`,
    )
  }
  const src = await openWavSource(ref.path)
  try {
    const analysed = await analyseTake(src, ref.hash, null)
    const { layout } = analysed
    const rate = format.sample_rate
    const usable = usableStretches(layout.roomTone, crossfadeFrames(rate), fillMinFrames(rate))
    if (usable.length === 0 || pausesAreSilence(analysed))
      throw new RoomToneSourceError(
        `${from.name} has no room tone of its own to fill the pauses with: its pauses are silence too.`,
      )
    return { hash: ref.hash, stretches: layout.roomTone, roomToneDb: layout.roomToneDb }
  } finally {
    await src.close()
  }
}

/**
 * Whether a take's pauses are silence (gated, or cut to digital zeros): most milliseconds of its room-tone
 * stretches below digital silence's line. (Their mean level is no guide: against a gated take's voice,
 * the finish's pauses take in the words' last decays.) Only such a take is given another's room tone.
 */
export function pausesAreSilence(take: AnalysedTake): boolean {
  const { env, layout } = take
  const line = 10 ** (SILENT_BELOW_DB / 10)
  let silent = 0
  let all = 0
  for (const s of layout.roomTone)
    for (let b = Math.floor(s.from / env.blockFrames); b < Math.min(env.energy.length, s.to / env.blockFrames); b++) {
      all++
      if ((env.energy[b] as number) < line) silent++
    }
  return all > 0 && silent >= all / 2
}
