/**
 * The sentences the window shows when a part of Booth went away: the input mid-take (recording-failure.ts),
 * the prompter's engine (use-pace-fallback.ts), Booth itself (ConnectivityStatus' hostGoneText, shown by
 * the banner). Each says what happened and what is kept; a device's label is data, shown as text.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { inputGoneText, recordingFailureText } from '../../../../renderer/src/takes/recording-failure'
import { fallbackWords, lostVoice } from '../../../../renderer/src/script/prompter/use-pace-fallback'
import { hostGoneText } from '../../../../renderer/src/ui/ConnectivityStatus'
import type { FollowPosition } from '../../../../shared/bridge-prompter'

const position = (status: FollowPosition['status']): FollowPosition => ({
  takeId: 't1',
  jobId: 'j1',
  status,
  scriptLength: 10,
  word: null,
  line: null,
  heardAtS: null,
  engine: 'pocketsphinx',
  message: null,
})

describe('the input going away mid-take', () => {
  it('names the input, says the take is kept and what to do', () => {
    const err = Object.assign(new Error('The input went away.'), { kind: 'input_ended', inputLabel: 'USB Audio CODEC' })
    expect(recordingFailureText(err)).toBe(
      'Recording stopped: the input (USB Audio CODEC) went away — unplugged or switched off. What ' +
        'was recorded until then is kept as the take. Connect an input and choose it to record again.',
    )
    expect(inputGoneText('')).toBe(
      'Recording stopped: the input went away — unplugged or switched off. What was recorded ' +
        'until then is kept as the take. Connect an input and choose it to record again.',
    )
  })

  it('any label is one line of text inside the sentence, which always says the take is kept', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (label) => {
        const text = inputGoneText(label)
        expect(text.startsWith('Recording stopped: the input')).toBe(true)
        expect(text).toContain('What was recorded until then is kept as the take.')
        expect(text).not.toMatch(/[\n\r]/)
      }),
    )
  })
})

describe('the prompter losing the voice', () => {
  it('falls back only when the engine failed or cannot run', () => {
    expect(lostVoice(null)).toBe(false)
    expect(lostVoice(position('listening'))).toBe(false)
    expect(lostVoice(position('following'))).toBe(false)
    expect(lostVoice(position('stopped'))).toBe(false)
    expect(lostVoice(position('failed'))).toBe(true)
    expect(lostVoice(position('unavailable'))).toBe(true)
  })

  it('says what stands in for the voice, and that the take records on', () => {
    expect(fallbackWords('pace')).toBe('The script scrolls at the spot’s pace instead; the take records on.')
    expect(fallbackWords('still')).toMatch(/no spot length.*the take records on\.$/)
    expect(fallbackWords(null)).toBe('')
  })
})

describe('Booth gone', () => {
  it('says Booth is not running and where to open it again; once the page stopped trying, to reopen it; nothing while it runs', () => {
    expect(hostGoneText('down')?.headline).toBe('Booth is not running')
    expect(hostGoneText('down')?.detail).toMatch(
      /Start Booth again and open it from its window or the address it prints\.$/,
    )
    expect(hostGoneText('lost')?.headline).toBe('This page has stopped trying to reach Booth')
    expect(hostGoneText('lost')?.detail).toMatch(
      /Open Booth from its window or from the address it printed when it started\.$/,
    )
    expect(hostGoneText('up')).toBeNull()
  })
})
