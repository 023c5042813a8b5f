/**
 * Playing any version of a take: getTakeMediaUrl with a version hands back that version's audio (rendered
 * first when missing) and leaves the take as it is; without one, the current version's, made ready the same
 * way (so a current render that went missing is made again, or its missing recording named); a version the
 * take does not have is refused in words. The take store is a stand-in here (its audio paths are tested
 * with the real store in version-calls.test.ts); this holds the handler's choice.
 */
import { describe, expect, it } from 'vitest'
import { createMediaHandlers } from '../../../main/takes/playback-handlers'
import type { TakeStore } from '../../../main/takes/take-store'
import type { TakeMeta } from '../../../main/takes/take-types'

const take = {
  id: 'tk',
  take_number: 4,
  file_name: 'X_main_04.wav',
  current_version: 2,
  versions: [{ number: 1 }, { number: 2 }, { number: 3 }],
} as unknown as TakeMeta

function handlers() {
  const asked: Array<number | undefined> = []
  const store = {
    get: async () => take,
    audioPath: (t: TakeMeta) => `/takes/v${t.current_version ?? 1}.wav`,
    readyAudioPath: async (t: TakeMeta) => {
      asked.push(t.current_version)
      return `/takes/v${t.current_version ?? 1}.wav`
    },
  } as unknown as TakeStore
  const h = createMediaHandlers({ client: () => null, store, cacheDir: '/cache', mediaUrl: (p) => `media:${p}` })
  return { h, asked }
}

describe('getTakeMediaUrl with a version', () => {
  it('gives the current version without one, and with its own number, made ready first', async () => {
    const { h, asked } = handlers()
    expect(await h.getTakeMediaUrl({ takeId: 'tk' })).toEqual({ url: 'media:/takes/v2.wav' })
    expect(await h.getTakeMediaUrl({ takeId: 'tk', version: 2 })).toEqual({ url: 'media:/takes/v2.wav' })
    expect(asked).toEqual([2, 2])
  })

  it('gives another version’s audio, made ready first, without changing the take', async () => {
    const { h, asked } = handlers()
    expect(await h.getTakeMediaUrl({ takeId: 'tk', version: 1 })).toEqual({ url: 'media:/takes/v1.wav' })
    expect(await h.getTakeMediaUrl({ takeId: 'tk', version: 3 })).toEqual({ url: 'media:/takes/v3.wav' })
    expect(asked).toEqual([1, 3])
    expect(take.current_version).toBe(2)
  })

  it('refuses a version the take does not have, in words', async () => {
    const { h } = handlers()
    await expect(h.getTakeMediaUrl({ takeId: 'tk', version: 9 })).rejects.toThrow('Take 4 has no version 9.')
  })
})
