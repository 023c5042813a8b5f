/**
 * A take deleted while its trim is being rendered and measured: the talent is told the take was deleted (a
 * browser run's log had ffmpeg's "No such file" as an internal error), and nothing of it is left half done.
 * ffmpeg is held at its start by a gate (a real ffmpeg behind a shell script) so the delete lands while the
 * render is under way, every run.
 */
import { chmod, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { findFfmpeg } from '../../../main/audio/find-ffmpeg'
import { TakeStore } from '../../../main/takes/take-store'
import { guardTakeErrors } from '../../../main/takes/take-errors'
import { makeTone, probeMeasure } from './helpers/media'

let root: string
let gated: string
const gate = () => ({ armed: join(root, 'armed'), started: join(root, 'started'), go: join(root, 'go') })

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'booth-trim-deleted-'))
  const real = (await findFfmpeg()).path
  const g = gate()
  gated = join(root, 'ffmpeg-gated')
  await writeFile(
    gated,
    [
      '#!/bin/sh',
      `if [ -e '${g.armed}' ]; then`,
      `  : > '${g.started}'`,
      `  while [ ! -e '${g.go}' ]; do sleep 0.02; done`,
      'fi',
      `exec '${real}' "$@"`,
      '',
    ].join('\n'),
  )
  await chmod(gated, 0o755)
  await makeTone(join(root, 'take.wav'), 2, ['-c:a', 'pcm_s24le'])
})
afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

const waitFor = async (path: string) => {
  for (let i = 0; i < 1000 && !existsSync(path); i++) await new Promise((r) => setTimeout(r, 10))
  expect(existsSync(path)).toBe(true)
}

it.each([
  ['kept in the trash', false, / was deleted while its trim was being measured\. Restore it from the trash/],
  ['then the trash emptied', true, / was deleted while its trim was being measured\.$/],
])('a take deleted while its trim renders (%s) is told as deleted, not as ffmpeg failing', async (_, empty, said) => {
  const g = gate()
  await rm(g.armed, { force: true })
  await rm(g.started, { force: true })
  await rm(g.go, { force: true })
  const dataDir = join(root, `data-${String(empty)}`)
  const store = new TakeStore({ dataDir, measure: probeMeasure, ffmpegPath: gated })
  const take = await store.import('500', join(root, 'take.wav'), { stem: 'ACME' })
  await writeFile(g.armed, '')
  const trimming = guardTakeErrors(() => store.setTrimAndMeasure(take.id, { head_s: 0.5, tail_s: 0 }))
  trimming.catch(() => undefined)
  await waitFor(g.started)
  await store.delete(take.id)
  if (empty) await store.emptyTrash()
  await writeFile(g.go, '')
  const err = await trimming.then(
    () => null,
    (e: unknown) => e as Error & { kind?: string },
  )
  expect(err?.message).toMatch(said)
  expect(err?.message).toMatch(/^ACME_main_01 /)
  expect(err?.message).not.toMatch(/No such file|ENOENT|ffmpeg/i)
  // Said as the take's own error (409), not an internal one.
  expect(err?.kind).toBe('take')
  // No half-written render is left behind.
  const renders = await readdir(join(dataDir, 'renders', '500')).catch(() => [] as string[])
  expect(renders.filter((f) => f.includes('partial') || f.includes('.tmp'))).toEqual([])
})
