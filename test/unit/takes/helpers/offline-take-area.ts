/**
 * The takes area as main composes it (main/takes/take-handlers.ts), on a data folder, with no service
 * (offline, no key) and the quick measurer: what tests of the takes' bridge calls need.
 */
import { EventHub } from '../../../../main/bridge/event-hub'
import { DeliveryService } from '../../../../main/delivery/delivery-service'
import { createLog } from '../../../../main/logging/redacting-log'
import { createTakeHandlers, type TakeArea, type TakeHandlerDeps } from '../../../../main/takes/take-handlers'
import { probeMeasure } from './media'

export function offlineTakeArea(
  dataDir: string,
  extra: Partial<TakeHandlerDeps<DeliveryService>> = {},
): TakeArea<DeliveryService> {
  const hub = new EventHub()
  return createTakeHandlers({
    client: () => null,
    dataDir,
    hub,
    log: createLog({ sink: { write: () => {} }, level: 'error' }),
    delivery: ({ store, log, changed }) =>
      new DeliveryService({
        store,
        client: () => null,
        apiKey: () => null,
        baseUrl: () => null,
        dataDir,
        hub,
        log,
        now: Date.now,
        online: { isOnline: () => false, subscribe: () => () => {} },
        onTakeChanged: changed,
      }),
    measure: probeMeasure,
    ...extra,
  })
}
