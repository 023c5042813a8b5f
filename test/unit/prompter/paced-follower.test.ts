/**
 * The follower with its pacing, on generated audio and a stand-in recogniser (only the recogniser is not
 * real here; the voice activity, the pacing and the aligner are): room tone, then "voice" (a tone well
 * over the floor), a pause, more voice. The highlight moves word by word while the voice is active at the
 * prior rate, holds in the pause, never moves backwards, and a recognition sets where it goes on from.
 */
import { describe, expect, it } from 'vitest'
import { Follower } from '../../../main/prompter/follower'
import type { FollowEngine, FollowSessionEvents } from '../../../main/prompter/follow-engine'
import { VoiceActivity } from '../../../main/prompter/voice-activity'
import { scriptModel } from '../../../main/readback/script/script-model'
import type { FollowPosition } from '../../../shared/bridge-prompter'

const RATE = 16_000
const SCRIPT = 'Big red dogs ran down the lane. Tall trees shook in the wind and rain.'

function noise(seconds: number, db: number, seed = 1): Float32Array {
  const out = new Float32Array(Math.round(seconds * RATE))
  const amp = 10 ** (db / 20) * Math.SQRT2
  let x = seed
  for (let i = 0; i < out.length; i++) {
    x = (x * 1103515245 + 12345) % 2147483648
    out[i] = amp * (x / 1073741824 - 1)
  }
  return out
}

function voice(seconds: number): Float32Array {
  const out = noise(seconds, -60, 7)
  for (let i = 0; i < out.length; i++) out[i] = (out[i] as number) + 0.1 * Math.sin((2 * Math.PI * 180 * i) / RATE)
  return out
}

/** `free`: the cap of two words past the last placed one lifted (the tests of the pacing's walk). */
async function follower(free = false) {
  let events: FollowSessionEvents | null = null
  const engine: FollowEngine = {
    name: 'stand-in',
    unavailable: async () => null,
    open: async (_script, e) => {
      events = e
      return { push: () => undefined, finish: async () => undefined, close: () => undefined }
    },
  }
  const words = scriptModel(SCRIPT).words
  const shown: Array<{ atS: number; index: number }> = []
  let sent = 0
  const f = new Follower({
    takeId: 't',
    jobId: 'j',
    script: SCRIPT,
    sampleRate: RATE,
    channels: 1,
    engine,
    // Every word here has one syllable: four words a second of voice, coasting as long as the voice lasts.
    pace: { priorRate: 4, maxCoastS: 30, settleS: 0, ...(free ? { maxLeadWords: Infinity } : {}) },
    emit: (p: FollowPosition) => {
      if (p.status === 'following' && p.word)
        shown.push({ atS: sent / RATE, index: words.findIndex((w) => w.from === p.word?.from) })
    },
  })
  await f.start()
  const play = (pcm: Float32Array) => {
    for (let i = 0; i < pcm.length; i += 320) {
      const chunk = pcm.slice(i, i + 320)
      sent += chunk.length
      f.push(chunk)
    }
  }
  const at = () => shown[shown.length - 1]?.index ?? -1
  const heard = (segment: number, ws: Array<[string, number]>) =>
    (events as FollowSessionEvents | null)?.heard({
      segment,
      final: true,
      words: ws.map(([word, end]) => ({ word, start_s: end - 0.2, end_s: end })),
    })
  return { play, at, shown, heard }
}

describe('the follower’s pacing between recognitions', () => {
  it('moves with the voice at the prior rate and holds in a pause', async () => {
    const f = await follower(true)
    f.play(noise(0.5, -60))
    expect(f.at(), 'room tone moves nothing').toBe(-1)
    f.play(voice(1))
    // 1 s of voice at 4 words a second: the fourth word, give or take the frames at the edges.
    expect(f.at()).toBeGreaterThanOrEqual(2)
    expect(f.at()).toBeLessThanOrEqual(4)
    const beforePause = f.at()
    f.play(noise(1.5, -60))
    // The voiced time runs on a few frames past the voice (a dip inside a word), then holds.
    expect(f.at(), 'a pause holds it').toBeLessThanOrEqual(beforePause + 1)
    const held = f.at()
    f.play(noise(1, -60))
    expect(f.at()).toBe(held)
    f.play(voice(0.5))
    expect(f.at()).toBeGreaterThan(held)
    expect(
      f.shown.every((m, i) => i === 0 || m.index > (f.shown[i - 1] as { index: number }).index),
      'only forward',
    ).toBe(true)
  })

  it('goes on from what the recogniser placed, never backwards, and never further than the voiced time since allows', async () => {
    const f = await follower(true)
    f.play(noise(0.5, -60))
    f.play(voice(0.5))
    const early = f.at()
    // The recogniser places "big red dogs ran down" ending at 1.0 s (ahead of the pacing, say the talent is quick).
    f.heard(0, [
      ['big', 0.6],
      ['red', 0.7],
      ['dogs', 0.8],
      ['ran', 0.9],
      ['down', 1.0],
    ])
    expect(f.at()).toBe(4)
    expect(early).toBeLessThanOrEqual(4)
    f.play(noise(1, -60))
    expect(f.at(), 'no voice since: it stays on the placed word').toBe(4)
    f.play(voice(0.5))
    // Half a second of voice since "down": two more words at the rate learned so far, at most a few.
    const after = f.at()
    expect(after).toBeGreaterThan(4)
    expect(after).toBeLessThanOrEqual(4 + 4)
    // A recognition behind the highlight does not move it back.
    f.heard(1, [['the', 1.9]])
    expect(f.at()).toBe(after)
    expect(
      f.shown.every((m, i) => i === 0 || m.index > (f.shown[i - 1] as { index: number }).index),
      'only forward',
    ).toBe(true)
  })
})

describe('the follower’s cap: never more than one word past the word being said', () => {
  it('walks at most two words past the last word placed until the recogniser places another', async () => {
    const f = await follower()
    f.play(noise(0.5, -60))
    f.play(voice(2))
    expect(f.at(), 'nothing placed: the first two words at most').toBe(1)
    f.heard(0, [
      ['big', 0.8],
      ['red', 1.0],
    ])
    expect(f.at()).toBe(3)
    f.play(voice(2))
    expect(f.at()).toBe(3)
    f.heard(1, [['dogs', 1.2]])
    expect(f.at(), 'and on from the next').toBe(4)
  })
})

describe('the follower during an ad-lib', () => {
  const backs = (shown: ReadonlyArray<{ index: number }>) =>
    shown.filter((m, i) => i > 0 && m.index < (shown[i - 1] as { index: number }).index).length

  it('mid-take: once the recogniser hears words the script does not have, the highlight goes back and holds', async () => {
    const f = await follower()
    f.play(noise(0.5, -60))
    f.play(voice(1))
    // "Big red dogs ran" read and placed (script word 3).
    f.heard(0, [
      ['big', 0.8],
      ['red', 1.0],
      ['dogs', 1.2],
      ['ran', 1.45],
    ])
    expect(f.at()).toBeGreaterThanOrEqual(3)
    // The talent ad-libs for a second: nothing tells the pacing yet, so it walks on.
    f.play(voice(1))
    expect(f.at()).toBeGreaterThan(4)
    // The recogniser hears the ad-lib as words the script does not have.
    f.heard(1, [
      ['honestly', 1.8],
      ['folks', 2.1],
      ['you', 2.25],
      ['know', 2.45],
    ])
    expect(f.at(), 'back to the word after the last one read').toBe(4)
    // More ad-lib: the highlight stays there, at most the word the talent comes back to.
    f.play(voice(1))
    expect(f.at(), 'holds while the voice reads no script').toBe(4)
    f.play(noise(0.3, -60))
    // The script again ("down the lane"): held until the recogniser places it, then paced on from there.
    f.play(voice(0.6))
    expect(f.at()).toBe(4)
    f.heard(2, [
      ['down', 3.95],
      ['the', 4.1],
      ['lane', 4.35],
    ])
    expect(f.at(), 'relocked on the script').toBe(6)
    f.play(voice(0.6))
    expect(f.at(), 'and paced on').toBeGreaterThan(6)
    expect(backs(f.shown), 'one correction, the ad-lib').toBe(1)
  })

  it('a recogniser’s slip (two words that read nothing) is not an ad-lib: it paces on', async () => {
    const f = await follower()
    f.play(noise(0.5, -60))
    f.play(voice(1))
    f.heard(0, [
      ['big', 0.8],
      ['red', 1.0],
      ['dogs', 1.2],
      ['see', 1.3],
      ['little', 1.45],
    ])
    const at = f.at()
    f.play(voice(0.5))
    expect(f.at()).toBeGreaterThan(at)
    expect(backs(f.shown)).toBe(0)
  })

  it('at the start of a take: a slate holds the highlight on the first word until the script is heard', async () => {
    const f = await follower()
    f.play(noise(0.5, -60))
    // "Okay, take two, here we go": the pacing cannot tell it from the script's first words.
    f.play(voice(1))
    expect(f.at(), 'two words at most before anything is placed').toBe(1)
    f.heard(0, [
      ['okay', 0.7],
      ['take', 0.9],
      ['two', 1.1],
      ['here', 1.25],
      ['we', 1.35],
      ['go', 1.5],
    ])
    expect(f.at(), 'the first word, where the talent starts').toBe(0)
    f.play(noise(0.5, -60))
    f.play(voice(0.5))
    expect(f.at(), 'held while the recogniser has not placed the script').toBe(0)
    f.heard(1, [
      ['big', 2.25],
      ['red', 2.5],
    ])
    expect(f.at()).toBe(1)
    f.play(voice(0.5))
    expect(f.at(), 'paced on once relocked').toBeGreaterThan(1)
  })
})

describe('voice activity against the floor', () => {
  it('counts the voiced time of a take: voice over the room tone, not the room tone', () => {
    const vad = new VoiceActivity()
    const pcm = [noise(1, -62), voice(0.8), noise(0.7, -62), voice(0.4), noise(0.5, -62)]
    for (const p of pcm) for (let i = 0; i < p.length; i += 320) vad.push(p.slice(i, i + 320))
    expect(vad.nowS).toBeCloseTo(3.4, 1)
    expect(vad.voicedS(0, 1)).toBeLessThan(0.05)
    // The voice, and at most the short hang after each stretch of it.
    expect(vad.voicedS(0, vad.nowS)).toBeGreaterThanOrEqual(1.19)
    expect(vad.voicedS(0, vad.nowS)).toBeLessThanOrEqual(1.2 + 2 * 0.07)
    expect(vad.voicedS(1.9, 2.4)).toBeLessThan(0.1)
  })
})
