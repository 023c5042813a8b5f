/**
 * Child process of the work-journal test: Booth as it is after a start on the test's data folder (its own
 * take store and version area), which begins cutting a false start from a take through the real handler.
 * The job's script it asks for never comes: it prints "under way" once the job is asking, and is killed.
 * Usage: tsx journal-child.ts <dataDir> <takeId>
 */
import { notMeasuredPreflight } from '../../../main/audio/preflight'
import { EventHub } from '../../../main/bridge/event-hub'
import { TakeStore } from '../../../main/takes/take-store'
import { createVersionArea } from '../../../main/versions/service/version-handlers'

const [dataDir, takeId] = process.argv.slice(2)
if (!dataDir || !takeId) {
  console.error('usage: journal-child.ts <dataDir> <takeId>')
  process.exit(2)
}
const store = new TakeStore({ dataDir, measure: async () => notMeasuredPreflight() })
const refuse = async (): Promise<never> => {
  throw new Error('no recording here')
}
const area = createVersionArea({
  store,
  hub: new EventHub(),
  takesChanged: () => undefined,
  recording: { start: refuse, stop: refuse, cancel: refuse },
  currentScript: async () => {
    process.stdout.write('under way\n')
    // Held here until killed: a timer keeps the process alive (with nothing pending Node would end it, exit 13).
    setInterval(() => undefined, 60_000)
    return new Promise<never>(() => undefined)
  },
  transcribe: async () => {
    throw new Error('not heard here')
  },
})
await area.handlers.cutRestart({ takeId, from_s: 0.5, to_s: 1 })
process.stdout.write('done\n')
