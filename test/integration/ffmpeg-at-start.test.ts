/**
 * Booth's start names a trimmed ffmpeg in its log (the filters it lacks and what they are for) before any
 * take needs one: BOOTH_FFMPEG points at a stand-in over the real ffmpeg whose filter list lacks atempo.
 */
import { afterAll, expect, it } from 'vitest'
import { findFfmpeg } from '../../main/audio/find-ffmpeg'
import { trimmedFfmpeg } from '../support/trimmed-ffmpeg'
import { makeCore, removeTempDirs, tempDir, waitFor } from './harness'

const before = process.env.BOOTH_FFMPEG
afterAll(async () => {
  if (before === undefined) delete process.env.BOOTH_FFMPEG
  else process.env.BOOTH_FFMPEG = before
  await removeTempDirs()
})

it('a start with an ffmpeg that lacks atempo logs which filter and what it is for', async () => {
  const real = (await findFfmpeg({ env: { PATH: process.env.PATH } })).path
  const trimmed = await trimmedFfmpeg(await tempDir('trimmed-ffmpeg'), real)
  process.env.BOOTH_FFMPEG = trimmed
  const t = await makeCore({ dataDir: await tempDir('ffmpeg-at-start') })
  try {
    await t.core.start({ autoDemo: false })
    const said = await waitFor('the ffmpeg warning', () =>
      t.logged.find((e) => e.level === 'warn' && /lacks the atempo filter/.test(e.message)),
    )
    expect(said.message).toBe(
      `The ffmpeg Booth found (${trimmed}) lacks the atempo filter, which Booth needs for the finish’s ` +
        'pitch-keeping tempo change. Install a full ffmpeg build, or set BOOTH_FFMPEG to one.',
    )
  } finally {
    await t.core.close()
  }
})
