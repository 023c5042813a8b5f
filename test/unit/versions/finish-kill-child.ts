/**
 * Child process of finish-restart.test.ts: Booth on the test's data folder finishing a take through the real
 * handler, with a finish engine that writes a real WAV (kept among the versions' recordings, as a finish
 * does) and returns; the version is then rendered, and the child prints "under way" while it is being
 * measured, and is killed there — its recording and render on disk, no version using them.
 * Usage: tsx finish-kill-child.ts <dataDir> <takeId>
 */
import { join } from 'node:path'
import { defaultProfile } from '../../../main/audio/delivery-profiles'
import { notMeasuredPreflight } from '../../../main/audio/preflight'
import { EventHub } from '../../../main/bridge/event-hub'
import { createFinisher } from '../../../main/finish/finish-version'
import { TakeStore } from '../../../main/takes/take-store'
import { createVersionArea } from '../../../main/versions/service/version-handlers'
import { writeGeneratedWav } from './helpers/generated-wav'

const [dataDir, takeId] = process.argv.slice(2)
if (!dataDir || !takeId) {
  console.error('usage: finish-kill-child.ts <dataDir> <takeId>')
  process.exit(2)
}
const figures = { length_s: 3, rms_dbfs: -20, lufs: -20, true_peak_dbtp: -3 }
const store = new TakeStore({
  dataDir,
  measure: async (path) => {
    if (path.includes(join('versions', 'renders'))) {
      process.stdout.write('under way\n')
      // Held here until killed (a timer keeps the process alive: an empty event loop would end it).
      setInterval(() => undefined, 60_000)
      return new Promise<never>(() => undefined)
    }
    return notMeasuredPreflight()
  },
})
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
      await writeGeneratedWav(req.output, { sample_rate: 48_000, channels: 1, encoding: 'pcm_s24' }, 48_000 * 3, 99)
      await req.onWritten?.(req.output)
      return {
        out: req.output,
        length_s: 3,
        tempo: 1,
        gain_db: 0,
        level: 'test',
        limited: false,
        limiting: null,
        dynamics: null,
        noise_floor: null,
        clicks_left: 0,
        before: figures,
        after: figures,
        edits: [],
        time_map: [],
      }
    },
  }),
})
await area.handlers.finishVersion({ takeId, choices: { breaths: 'lower', maxTempoPercent: 4, shortestPauseS: 0.25 } })
process.stdout.write('done\n')
