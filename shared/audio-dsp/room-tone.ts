/**
 * The take's own noise floor, and what of the take is silence, from the 10 ms block energies of
 * take-facts.ts: high-passed at 100 Hz to find the pauses, unweighted to say how loud their room tone is.
 * Pure.
 *
 * - Where the room tone is: room tone is what fills the pauses, and a pause is steady: over 300 ms its
 *   50 ms windows stay within a few dB of each other (hiss within ±1 dB, hum and buzz too, rumble within
 *   a few dB), while speech swings by tens of dB between syllables within that time. So the floor is
 *   found on the steady stretches of at least `stretchS` of the high-passed take (mains hum below 100 Hz
 *   and DC cannot fill a pause there or hide one): the quietest of them, and every other within
 *   `marginDb` of it. A take with no steady stretch (a dense read trimmed tight: no pause as long as
 *   `stretchS`) has no quiet to measure, so its floor is unknown (null), never a guess from the dips of
 *   its speech.
 * - How loud it is (`noiseFloorDbfs`, the figure reported): the median UNWEIGHTED RMS of those same
 *   stretches, hum and rumble included, only a DC offset taken out (it is reported on its own),
 *   as ACX-style checks measure a room tone. A take under 50 Hz hum therefore reads the hum's level, not
 *   what the high-pass leaves of it; the pauses and silences are still judged on the high-passed level.
 * - Room tone or voice: a steady stretch is room tone when the sound of the take (the windows above
 *   floor plus margin, at their `voicePercentile`) stands at least `minSnrDb` above it, however loud the
 *   floor is: a take under a -40 dBFS buzz still has its silences, and a sustained vowel is no floor.
 *   Only a take with nothing standing that far above its floor is judged by absolute level: no louder
 *   than `roomOnlyCeilingDbfs` it is all room tone (a silent take), louder it is all voice (a tone, a
 *   read with no pauses) and has no floor.
 * - Silence: 10 ms blocks within a margin of that floor (never required to be below an absolute minimum),
 *   in spans of at least `minSpanS`. A run of louder blocks is sound when it lasts `minSoundS` or rises
 *   `soundRiseDb` above the threshold; a shorter, fainter run is the room tone's own flicker (rumble
 *   below 150 Hz comes through the high-pass in swells and single blocks) and stays silence, so one
 *   block cannot split a head or tail.
 */
import { RoomToneScan } from './room-tone-scan'
import { stretchEnergy, type UnweightedBlockStats } from './unweighted-blocks'
import type { RoomTone, RoomToneRules } from './room-tone-judge'

export type { FloorLevels, RoomTone, RoomToneRules } from './room-tone-judge'
export { RoomToneScan } from './room-tone-scan'

/**
 * `blocks`: high-passed block energies (silence is judged on them); `unweighted`: the same blocks unweighted (the
 * floor's reported level; `withoutOffsets(energies)` for plain energies).
 */
export function roomTone(
  blocks: Float64Array,
  unweighted: UnweightedBlockStats,
  blockS: number,
  durationS: number,
  rules: RoomToneRules,
): RoomTone {
  const scan = new RoomToneScan(blockS, rules, (from, to) => stretchEnergy(unweighted, from, to))
  for (let i = 0; i < blocks.length; i++) scan.push(blocks[i] as number)
  return scan.result(durationS)
}
