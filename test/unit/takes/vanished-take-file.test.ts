/**
 * A take's file gone under a call (a browser run: the window asked for a pickup's sentences as the test
 * pressed its Delete; the version engine's stat of its audio met ENOENT and the page got a 500 with a stack).
 * Through guardTakeErrors, on a real take store: deleted or relabelled meanwhile is said in words as a 404;
 * a file its record still names (damage, not a race) and a file outside the takes stay the errors they are.
 */
import { mkdtemp, rm, stat, unlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { UserFacingError } from '../../../main/bridge/describe-error'
import { guardTakeErrors } from '../../../main/takes/take-errors'
import { TakeStore } from '../../../main/takes/take-store'
import { makeTone, probeMeasure } from './helpers/media'

let root: string
let dataDir: string
let n = 0
let store: TakeStore
let source: string

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'booth-vanished-'))
  source = join(root, 'take.wav')
  await makeTone(source, 1, ['-c:a', 'pcm_s24le'])
})
afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})
beforeEach(() => {
  dataDir = join(root, `data${++n}`)
  store = new TakeStore({ dataDir, measure: probeMeasure })
})

const guarded = (path: string) =>
  guardTakeErrors(() => stat(path), { dataDir, again: 'try again' }).then(
    () => null,
    (e: unknown) => e,
  )

it('a take deleted under the call is said so, by its name, as not found', async () => {
  const take = await store.import('500', source, { stem: 'ACME' })
  const audio = join(dataDir, 'takes', '500', take.file_name)
  await store.delete(take.id)
  const err = await guarded(audio)
  expect(err).toBeInstanceOf(UserFacingError)
  expect(err).toMatchObject({ kind: 'not_found', status: 404 })
  expect((err as Error).message).toBe('ACME_main_01 was deleted or renamed while Booth was working on it.')
})

it('a take relabelled under the call (its audio renamed) is said so too', async () => {
  const take = await store.import('500', source, { stem: 'ACME' })
  const audio = join(dataDir, 'takes', '500', take.file_name)
  await store.setLabel(take.id, 'alt')
  expect((await guarded(audio)) as Error).toMatchObject({
    kind: 'not_found',
    message: 'ACME_main_01 was deleted or renamed while Booth was working on it.',
  })
})

it('a file its record still names is missing, not gone meanwhile: the error stays as it was', async () => {
  const take = await store.import('500', source, { stem: 'ACME' })
  const audio = join(dataDir, 'takes', '500', take.file_name)
  await unlink(audio)
  const err = await guarded(audio)
  expect(err).not.toBeInstanceOf(UserFacingError)
  expect((err as NodeJS.ErrnoException).code).toBe('ENOENT')
})

it('a missing file outside the takes folder stays the error it is', async () => {
  await store.import('500', source, { stem: 'ACME' })
  const err = await guarded(join(root, 'nowhere.wav'))
  expect(err).not.toBeInstanceOf(UserFacingError)
  expect((err as NodeJS.ErrnoException).code).toBe('ENOENT')
})
