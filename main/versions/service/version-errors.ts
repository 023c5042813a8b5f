/**
 * The version engine's refusals as sentences the page may show: a pickup that matches no sentence, a cut
 * with no pause, a sentence no take reads, a punch that cannot land, a calibration that heard no click, a
 * malformed pickup list, a version that cannot be rendered. Anything else goes through the take errors.
 */
import { UserFacingError } from '../../bridge/describe-error'
import { PickupCsvError } from '../../../shared/versions/pickup-csv'
import { EngineUnavailableError } from '../../readback/index'
import { guardTakeErrors, type DiskContext } from '../../takes/take-errors'
import { CompError } from '../comps/comp-plan'
import { NoPauseError } from '../cuts/cut-rules'
import { CalibrationError } from '../punch/latency-calibration'
import { PickupMatchError } from '../fixes/pickup-plan'
import { PlacementError } from '../fixes/place-patches'
import { PunchError } from '../punch/punch'
import { RenderError } from '../render/render-edit-list'
import { RestartCutError } from '../fixes/restart-cut'

const REFUSALS = [
  PickupMatchError,
  PlacementError,
  CompError,
  PunchError,
  RestartCutError,
  CalibrationError,
  RenderError,
  NoPauseError,
]

/** With `disk`, a write the disk refused (full, read-only) is said so, with what to do once it is fixed. */
export async function guardVersionErrors<T>(run: () => Promise<T>, disk?: DiskContext): Promise<T> {
  return guardTakeErrors(async () => {
    try {
      return await run()
    } catch (err) {
      if (err instanceof PickupCsvError) throw new UserFacingError('pickup_list', err.message, 400)
      if (err instanceof EngineUnavailableError) throw new UserFacingError('readback_unavailable', err.message, 409)
      if (REFUSALS.some((E) => err instanceof E)) throw new UserFacingError('version', (err as Error).message, 409)
      throw err
    }
  }, disk)
}
