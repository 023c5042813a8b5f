/**
 * Telling pauses apart: by their lengths relative to the take's own (no script), by the read-back's
 * sentences and the script's blank lines (with one); and the atempo check on the real `ffmpeg -filters`.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { kindsByLength } from '../../../main/finish/analyse-pauses'
import { kindsFromScript, paragraphEnds } from '../../../main/finish/script-pauses'
import { listsFilter } from '../../../main/audio/ffmpeg-filter-list'
import { scriptSentences } from '../../../main/readback/index'

describe('kindsByLength', () => {
  it('splits commas from sentence pauses, and paragraphs from sentences, by the take’s own pauses', () => {
    expect(kindsByLength([0.3, 0.8, 0.35, 0.9, 0.85, 1.6, 0.32])).toEqual([
      'comma',
      'sentence',
      'comma',
      'sentence',
      'sentence',
      'paragraph',
      'comma',
    ])
  })
  it('calls pauses of one kind of length all sentence pauses', () => {
    expect(kindsByLength([0.7, 0.8, 0.75])).toEqual(['sentence', 'sentence', 'sentence'])
    expect(kindsByLength([])).toEqual([])
  })
})

describe('kindsFromScript', () => {
  const script = 'This Saturday only, it is the sale.\nSave twenty percent.\n\nVisit us today.'
  const sentences = scriptSentences(script)
  it('finds three sentences and the paragraph after the second', () => {
    expect(sentences).toHaveLength(3)
    const ends = paragraphEnds(script, sentences)
    expect([0, 1, 2].map(ends)).toEqual([false, true, false])
  })
  it('names a pause between read sentences a sentence or paragraph pause, any other a comma', () => {
    const rate = 1000
    const pauses = [
      { from: 1500, to: 1800, kind: 'sentence' as const },
      { from: 3000, to: 3700, kind: 'comma' as const },
      { from: 5000, to: 5900, kind: 'comma' as const },
    ]
    const read = [
      { index: 0, onsetS: 0.5, endS: 3.0 },
      { index: 1, onsetS: 3.7, endS: 5.0 },
      { index: 2, onsetS: 5.9, endS: 7 },
    ]
    expect(kindsFromScript(pauses, rate, read, paragraphEnds(script, sentences))).toEqual([
      'comma',
      'sentence',
      'paragraph',
    ])
  })
})

describe('listsFilter', () => {
  it('finds atempo, an audio filter, in this ffmpeg’s list, and no made-up name', async () => {
    const { stdout } = await promisify(execFile)('ffmpeg', ['-hide_banner', '-filters'])
    expect(listsFilter(stdout, 'atempo')).toBe(true)
    expect(listsFilter(stdout, 'anoisesrc')).toBe(true)
    expect(listsFilter(stdout, 'scale')).toBe(false)
    expect(listsFilter(stdout, 'atempo2')).toBe(false)
  })
})
