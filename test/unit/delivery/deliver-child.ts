/**
 * Child process of the kill-mid-upload test: starts the takes area on a data folder and delivers one
 * take through the given server address, printing each upload progress as a JSON line on stdout. The
 * test SIGKILLs it part-way.
 * Usage: tsx deliver-child.ts <dataDir> <baseUrl> <takeId> <chunkBytes>
 */
import { EventHub } from '../../../main/bridge/event-hub'
import { createLog } from '../../../main/logging/redacting-log'
import { DeliveryService } from '../../../main/delivery/delivery-service'
import { createTakeHandlers } from '../../../main/takes/take-handlers'
import { createTalentClient } from '../../../main/api/client'
import { TOKEN } from './delivery-fixture'

const [dataDir, baseUrl, takeId, chunk] = process.argv.slice(2)
if (!dataDir || !baseUrl || !takeId || !chunk) {
  console.error('usage: deliver-child.ts <dataDir> <baseUrl> <takeId> <chunkBytes>')
  process.exit(2)
}
const hub = new EventHub()
hub.subscribe((event, data) => {
  if (event === 'uploadProgress') process.stdout.write(`${JSON.stringify(data)}\n`)
})
const client = createTalentClient({ baseUrl, apiKey: () => TOKEN })
const area = createTakeHandlers({
  client: () => client,
  dataDir,
  hub,
  log: createLog({ sink: { write: () => {} } }),
  delivery: ({ store, log, changed }) =>
    new DeliveryService({
      store,
      client: () => client,
      apiKey: () => TOKEN,
      baseUrl: () => baseUrl,
      dataDir,
      hub,
      log,
      now: Date.now,
      online: { isOnline: () => true, subscribe: () => () => {} },
      onTakeChanged: changed,
      upload: { chunkBytes: Number(chunk), progressIntervalMs: 0 },
    }),
})
await area.start()
const take = await area.store.get(takeId)
await area.handlers.deliverTake({ takeId, label: take.label, note: null })
setInterval(() => {}, 1000) // stay alive until killed
