/**
 * Child process of the interrupted-render test: a take store of its own on the test's data folder (as
 * Booth is after a start), which renders the take's current version again (its render was deleted).
 * Prints "ready" before it starts rendering, "done" when the render is in place. It is killed mid-render.
 * Usage: tsx render-child.ts <dataDir> <takeId>
 */
import { notMeasuredPreflight } from '../../../main/audio/preflight'
import { TakeStore } from '../../../main/takes/take-store'
import { TakeVersions } from '../../../main/versions/store/take-versions'

const [dataDir, takeId] = process.argv.slice(2)
if (!dataDir || !takeId) {
  console.error('usage: render-child.ts <dataDir> <takeId>')
  process.exit(2)
}
const store = new TakeStore({ dataDir, measure: async () => notMeasuredPreflight() })
const versions = new TakeVersions(store)
const take = await store.get(takeId)
process.stdout.write('ready\n')
await versions.ensureRender(take)
process.stdout.write('done\n')
