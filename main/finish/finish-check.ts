/**
 * What `npm run finish` says of its output besides the report, as `npm run pickup` and `comp` do: `check`,
 * the read-back's check of OUT against the script, and `preflight`, the API's object measured from OUT.
 * The check is what the take was heard to say (its whole hearing, heard once before the finish, whose words
 * also give the finish its sentences) mapped through the finish's time map: finished audio is not heard
 * again (main/versions/hearing/version-hearing.ts says why). It is the app's own check (versions/hearing-check.ts):
 * the sound-alike rule fed by the engine's dictionary, so the CLI and the app say the same of the same finish.
 */
import type { Preflight } from '../audio/preflight'
import { measureTake } from '../audio/measure-take'
import type { DeliveryProfile } from '../audio/delivery-profiles'
import type { ReadbackCheck } from '../../shared/readback/types'
import { mapHearing, type Hearing, checkHearing, hearWhole, type Transcribe } from '../versions/index'
import type { FinishReport } from './finish-take'
import type { ScriptUse } from './finish-analysis'
import type { TakeKindToFit } from './fit-plan'

/** The take heard once against the script, and the finish's script use made of it (the words not heard again). */
export async function hearTake(
  input: string,
  script: string,
  transcribe: Transcribe,
): Promise<{ hearing: Hearing; use: ScriptUse }> {
  const hearing = await hearWhole(input, script, transcribe)
  return { hearing, use: { text: script, transcribe, words: hearing.words } }
}

/** OUT's check (null without a script) and its preflight. */
export async function finishCheck(
  report: FinishReport,
  heard: { hearing: Hearing; script: string; use: Pick<ScriptUse, 'transcribe'> } | null,
  measure: { spotLengthS: number; kind: TakeKindToFit; profile: DeliveryProfile },
): Promise<{ check: ReadbackCheck | null; preflight: Preflight }> {
  const check = heard
    ? await checkHearing({ text: heard.script }, mapHearing(heard.hearing, report.time_map), heard.use.transcribe)
    : null
  const preflight = await measureTake(report.out, {
    spotLengthS: measure.spotLengthS,
    kind: measure.kind,
    profile: measure.profile,
  })
  return { check, preflight }
}
