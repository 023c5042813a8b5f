/**
 * Child process of the two-process delivery test: the takes area of a second Booth on the same data
 * folder. It waits for <goFile>, asks to deliver every given take at once, prints what each ask answered
 * as one JSON line, then prints "done" once every delivery it queued was delivered.
 * Usage: tsx deliver-race-child.ts <dataDir> <baseUrl> <goFile> <takeId>...
 */
import { existsSync } from 'node:fs'
import { EventHub } from '../../../main/bridge/event-hub'
import { createLog } from '../../../main/logging/redacting-log'
import { DeliveryService } from '../../../main/delivery/delivery-service'
import { createTakeHandlers } from '../../../main/takes/take-handlers'
import { createTalentClient } from '../../../main/api/client'
import { notMeasuredPreflight } from '../../../main/audio/preflight'
import { TOKEN } from './delivery-fixture'

const [dataDir, baseUrl, go, ...takeIds] = process.argv.slice(2)
if (!dataDir || !baseUrl || !go || takeIds.length === 0) {
  console.error('usage: deliver-race-child.ts <dataDir> <baseUrl> <goFile> <takeId>...')
  process.exit(2)
}
const hub = new EventHub()
const delivered = new Set<string>()
const client = createTalentClient({ baseUrl, apiKey: () => TOKEN })
const area = createTakeHandlers({
  client: () => client,
  dataDir,
  hub,
  log: createLog({ sink: { write: () => {} } }),
  measure: async () => notMeasuredPreflight(),
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
      upload: { progressIntervalMs: 0 },
      backoff: { baseMs: 50, maxMs: 200 },
    }),
})
await area.start()
process.stdout.write('ready\n')
while (!existsSync(go)) await new Promise((r) => setTimeout(r, 2))
const answers = await Promise.all(
  takeIds.map(async (takeId) => {
    const take = await area.store.get(takeId)
    return area.handlers.deliverTake({ takeId, label: take.label, note: null }).then(
      () => ({ takeId, ok: true, message: null }),
      (err: unknown) => ({ takeId, ok: false, message: err instanceof Error ? err.message : String(err) }),
    )
  }),
)
process.stdout.write(`${JSON.stringify(answers)}\n`)
const mine = answers.filter((a) => a.ok).map((a) => a.takeId)
hub.subscribe((event, data) => {
  const d = data as { takeId: string; status: string }
  if (event === 'deliveryState' && d.status === 'delivered') delivered.add(d.takeId)
  if (mine.every((id) => delivered.has(id))) {
    process.stdout.write('done\n')
    void area.stop().then(() => process.exit(0))
  }
})
