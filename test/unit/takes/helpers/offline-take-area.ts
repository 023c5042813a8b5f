/**
 * The takes area as main composes it (main/takes/take-handlers.ts), on a data folder, with no service
 * (offline, no key) and the quick measurer: what tests of the takes' bridge calls need.
 */
import { EventHub } from '../../../../main/bridge/event-hub'
import { createLog } from '../../../../main/logging/redacting-log'
import { createTakeHandlers, type TakeArea, type TakeHandlerDeps } from '../../../../main/takes/take-handlers'
import { probeMeasure } from './media'

export function offlineTakeArea(dataDir: string, extra: Partial<TakeHandlerDeps> = {}): TakeArea {
  return createTakeHandlers({
    client: () => null,
    apiKey: () => null,
    baseUrl: () => null,
    dataDir,
    hub: new EventHub(),
    log: createLog({ sink: { write: () => {} }, level: 'error' }),
    now: Date.now,
    online: { isOnline: () => false, subscribe: () => () => {} },
    measure: probeMeasure,
    ...extra,
  })
}
