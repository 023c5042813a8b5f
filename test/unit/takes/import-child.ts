/**
 * Child process of the two-process import test: a take store of its own on the shared data folder
 * (as a second Booth would have), which waits for <goFile> and then imports every file at once.
 * Prints one JSON line: [{ source, take_number, file_name }] or { error }.
 * Usage: tsx import-child.ts <dataDir> <jobId> <goFile> <file>...
 */
import { existsSync } from 'node:fs'
import { TakeStore } from '../../../main/takes/take-store'
import { notMeasuredPreflight } from '../../../main/audio/preflight'

const [dataDir, jobId, go, ...files] = process.argv.slice(2)
if (!dataDir || !jobId || !go || files.length === 0) {
  console.error('usage: import-child.ts <dataDir> <jobId> <goFile> <file>...')
  process.exit(2)
}
const store = new TakeStore({ dataDir, measure: async () => notMeasuredPreflight() })
process.stdout.write('ready\n')
while (!existsSync(go)) await new Promise((r) => setTimeout(r, 2))
try {
  const takes = await Promise.all(
    files.map((source) =>
      store
        .import(jobId, source, { stem: 'RACE', label: 'main' })
        .then((t) => ({ source, take_number: t.take_number, file_name: t.file_name })),
    ),
  )
  process.stdout.write(`${JSON.stringify(takes)}\n`)
} catch (err) {
  process.stdout.write(`${JSON.stringify({ error: String(err) })}\n`)
}
