/**
 * What a finish did to the read's own level, in a talent's words, under its before/after table (issue 42):
 * - the dynamics under the limiter: kept (every sentence's level changed by the same amount, within the
 *   spread said) or not, and what was given back to which phrases;
 * - the room tone against the profile's noise floor (ACX: −60 dBFS): where the gain the voice needed put it.
 * Each note only when the finish recorded its figure (a finish made before one was recorded, or one with a
 * single gain and nothing limited, says nothing of it). Pure: every figure is the version's `finish` record.
 */
import type { VersionFinish } from '../../../../shared/versions/finish'

/**
 * The widest spread of the sentences' level changes (dB) a finish keeps to: main's
 * DYNAMICS_RULES.keepSpreadDb (main/finish/level-dynamics.ts; a unit test holds them equal).
 */
export const KEEP_SPREAD_DB = 0.3

export interface FinishNote {
  key: 'dynamics' | 'noise_floor'
  tone: 'success' | 'warning'
  text: string
}

type Figures = Pick<VersionFinish, 'dynamics' | 'noise_floor' | 'gain_db'> & { profile: { label: string } }

/** −57.2 (a true minus), one decimal. */
const db1 = (x: number): string => `${x < 0 ? '−' : ''}${Math.abs(x).toFixed(1)}`
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`

function dynamicsNote(d: NonNullable<VersionFinish['dynamics']>): FinishNote {
  const given =
    d.phrases_restored > 0
      ? ` ${plural(d.phrases_restored, 'phrase')} got back up to ${d.restored_max_db.toFixed(1)} dB of what it took.`
      : ''
  if (d.kept)
    return {
      key: 'dynamics',
      tone: 'success',
      text:
        `Kept the read’s own dynamics: every phrase’s level changed by the same amount, within ` +
        `${d.spread_db.toFixed(2)} dB. The peak limiter alone would have moved them ` +
        `${d.spread_before_db.toFixed(1)} dB apart;${given || ' nothing needed giving back.'}`,
    }
  return {
    key: 'dynamics',
    tone: 'warning',
    text:
      `Could not keep the read’s own dynamics: the peak limiter changed its phrases’ levels by amounts up to ` +
      `${d.spread_db.toFixed(2)} dB apart, more than the ${KEEP_SPREAD_DB} dB Booth keeps to.${given} ` +
      `Listen for a line that now sounds quieter or louder than you read it.`,
  }
}

function noiseFloorNote(n: NonNullable<VersionFinish['noise_floor']>, gainDb: number, profile: string): FinishNote {
  if (n.above && gainDb <= 0)
    return {
      key: 'noise_floor',
      tone: 'warning',
      text:
        `The room tone is ${db1(n.after_dbfs)} dBFS, above the ${db1(n.max_dbfs)} dBFS noise floor the ${profile} profile allows: ` +
        `a quieter room would keep it under.`,
    }
  const gain = `The +${gainDb.toFixed(1)} dB gain`
  if (n.above)
    return {
      key: 'noise_floor',
      tone: 'warning',
      text:
        `${gain} this voice needs lifts the room tone from ${db1(n.before_dbfs)} to ${db1(n.after_dbfs)} dBFS, ` +
        `above the ${db1(n.max_dbfs)} dBFS noise floor the ${profile} profile allows: ` +
        `a quieter room, or the microphone closer and the input gain up, would keep it under.`,
    }
  return {
    key: 'noise_floor',
    tone: 'success',
    text:
      `The room tone is ${db1(n.after_dbfs)} dBFS after the gain, under the ` +
      `${db1(n.max_dbfs)} dBFS noise floor the ${profile} profile allows.`,
  }
}

/** The notes, dynamics first; none for a figure the finish did not record. */
export function finishNotes(f: Figures): FinishNote[] {
  const notes: FinishNote[] = []
  if (f.dynamics) notes.push(dynamicsNote(f.dynamics))
  if (f.noise_floor) notes.push(noiseFloorNote(f.noise_floor, f.gain_db, f.profile.label))
  return notes
}
