/**
 * The set-up every test file that hears real speech with pocketsphinx shares: one engine, a folder of the
 * file's own for the takes it synthesises (removed afterwards), and a failure at once that names what is
 * missing when pocketsphinx or its model is not installed (the test command installs them).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { PocketsphinxEngine } from '../../main/readback/engines/pocketsphinx/pocketsphinx-engine'

/** Registers the file's beforeAll/afterAll; `folder()` is the takes' folder once beforeAll has run. */
export function pocketsphinxForTests(prefix: string): { engine: PocketsphinxEngine; folder: () => string } {
  const engine = new PocketsphinxEngine()
  let dir = ''
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), prefix))
    const missing = await engine.unavailable()
    if (missing) throw new Error(missing)
  })
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true })
  })
  return { engine, folder: () => dir }
}
