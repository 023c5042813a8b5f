/**
 * Child process of finish-calls.test.ts: Booth on the test's data folder (its own take store and version
 * area, the real finish port), which begins finishing a take through the real handler. Its finish engine
 * writes the start of its output and never ends: it prints "under way" then, and is killed.
 * Usage: tsx finish-journal-child.ts <dataDir> <takeId>
 */
import { writeFile } from 'node:fs/promises'
import { defaultProfile } from '../../../main/audio/delivery-profiles'
import { notMeasuredPreflight } from '../../../main/audio/preflight'
import { EventHub } from '../../../main/bridge/event-hub'
import { createFinisher } from '../../../main/finish/finish-version'
import { TakeStore } from '../../../main/takes/take-store'
import { createVersionArea } from '../../../main/versions/service/version-handlers'

const [dataDir, takeId] = process.argv.slice(2)
if (!dataDir || !takeId) {
  console.error('usage: finish-journal-child.ts <dataDir> <takeId>')
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
  currentScript: async () => null,
  recording: { start: refuse, stop: refuse, cancel: refuse },
  transcribe: async () => {
    throw new Error('not heard here')
  },
  finish: createFinisher({
    profileOf: async (_jobId, kind) => defaultProfile(kind),
    finish: async (req) => {
      await writeFile(req.output, Buffer.from('RIFF'))
      process.stdout.write('under way\n')
      // Held here until killed. A timer keeps the process alive: with nothing pending, Node would end it
      // (exit 13, an unsettled top-level await) before the test's SIGKILL arrives.
      setInterval(() => undefined, 60_000)
      return new Promise<never>(() => undefined)
    },
  }),
})
await area.handlers.finishVersion({ takeId, choices: { breaths: 'lower', maxTempoPercent: 4, shortestPauseS: 0.25 } })
process.stdout.write('done\n')
