/**
 * A trimmed ffmpeg is named at start with the filters it lacks and what they cost, and a run that needs a
 * missing filter fails with that sentence, not ffmpeg's last line ("Conversion failed!"). The trimmed build
 * is a stand-in over the real ffmpeg (test/support/trimmed-ffmpeg.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FfmpegExitError } from '../../../main/audio/ffmpeg-errors'
import { BOOTH_FILTERS, missingFiltersSentence } from '../../../main/audio/ffmpeg-filter-list'
import { ffmpegProblemAtStart, missingFilters } from '../../../main/audio/ffmpeg-filters'
import { findFfmpeg } from '../../../main/audio/find-ffmpeg'
import { runFfmpeg } from '../../../main/audio/run-ffmpeg'
import { trimmedFfmpeg } from '../../support/trimmed-ffmpeg'

let dir = ''
let real = ''
let trimmed = ''
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'booth-ffmpeg-filters-'))
  real = (await findFfmpeg({ env: { PATH: process.env.PATH } })).path
  trimmed = await trimmedFfmpeg(dir, real)
})
afterAll(async () => rm(dir, { recursive: true, force: true }))

describe('the filters Booth runs', () => {
  it('a full ffmpeg has them all, and nothing is said at start', async () => {
    expect(await missingFilters(real)).toEqual([])
    expect(await ffmpegProblemAtStart({ PATH: process.env.PATH, BOOTH_FFMPEG: real })).toBeNull()
  })

  it('a build without atempo is named at start with what it costs and what to do', async () => {
    expect((await missingFilters(trimmed)).map((f) => f.name)).toEqual(['atempo'])
    expect(await ffmpegProblemAtStart({ PATH: process.env.PATH, BOOTH_FFMPEG: trimmed })).toBe(
      `The ffmpeg Booth found (${trimmed}) lacks the atempo filter, which Booth needs for the finish’s ` +
        'pitch-keeping tempo change. Install a full ffmpeg build, or set BOOTH_FFMPEG to one.',
    )
  })

  it('no ffmpeg at all is said at start too, with where Booth looked', async () => {
    const said = await ffmpegProblemAtStart({ PATH: dir + '/nowhere' })
    expect(said).toMatch(/^ffmpeg was not found: set BOOTH_FFMPEG/)
  })

  it('several missing filters are listed once each, their uses once each', () => {
    const [trim, pts] = BOOTH_FILTERS.filter((f) => f.name === 'atrim' || f.name === 'asetpts')
    expect(missingFiltersSentence('/opt/ffmpeg', [trim!, pts!])).toBe(
      'The ffmpeg Booth found (/opt/ffmpeg) lacks the filters atrim and asetpts, which Booth needs for ' +
        'trimming a take and hearing a stretch of it again. Install a full ffmpeg build, or set BOOTH_FFMPEG to one.',
    )
  })

  it('a run needing the missing filter fails with the sentence, not "Conversion failed!"', async () => {
    const out = join(dir, 'out.wav')
    const run = runFfmpeg(['-hide_banner', '-f', 'lavfi', '-i', 'sine=d=0.2', '-af', 'atempo=1.03', '-y', out], {
      ffmpegPath: trimmed,
    })
    await expect(run).rejects.toBeInstanceOf(FfmpegExitError)
    await expect(run).rejects.toThrow(
      /^This ffmpeg has no atempo_absent filter\. Install a full ffmpeg build, or set BOOTH_FFMPEG to one\.$/,
    )
  })
})
