/**
 * The script's names for the second hearing's wider sound-alike search: capitalised words inside a
 * sentence and the job's own names; a capitalised word starting a sentence only when it starts a run of
 * capitalised words and is no common word, is a name elsewhere, or is rare ("Visit", "Save", "At" are not).
 */
import { describe, expect, it } from 'vitest'
import { scriptNames } from '../../../../main/readback/script/script-names'

/** A general model's words with their log10 likelihoods. */
const GENERAL = new Map(
  [
    ['at', -2.5],
    ['this', -2.6],
    ['every', -3.2],
    ['call', -3.4],
    ['save', -3.9],
    ['offer', -4.0],
    ['trust', -4.0],
    ['visit', -4.1],
    ['street', -3.9],
    ['summit', -4.9],
    ['harbor', -5.2],
    ['motors', -5.3],
    ['hollis', -6.3],
    ['fairfield', -6.2],
  ].map(([word, log10]) => [word as string, log10 as number]),
)

describe('scriptNames', () => {
  it('takes capitalised words inside sentences, and starts of sentences only where something says they are names', () => {
    const script =
      'At Brightwater Motors, every new sedan comes with 0% financing. Visit Brightwater Motors in Fairfield. ' +
      'Save big this week. Harbor Trust Bank pays more. Hollis and Finch is open. Summit Valley is here. Offer ends Monday.'
    const names = scriptNames(script, [], GENERAL)
    for (const n of [
      'brightwater',
      'motors',
      'fairfield',
      'harbor',
      'trust',
      'bank',
      'hollis',
      'finch',
      'summit',
      'valley',
      'monday',
    ])
      expect(names, n).toContain(n)
    for (const n of ['at', 'visit', 'save', 'offer', 'every', 'big']) expect(names, n).not.toContain(n)
  })

  it('a word starting a sentence that the script names elsewhere is a name there too; the job’s names always', () => {
    const names = scriptNames('Save at Harbor today. Harbor is open. Dana will call.', ['Dana'], GENERAL)
    expect(names).toContain('harbor')
    expect(names).toContain('dana')
    expect(names).not.toContain('save')
  })

  it('without a general model, a capitalised word starting a sentence counts as a name (nothing says it is common)', () => {
    expect(scriptNames('Visit us today.', [], new Map())).toContain('visit')
  })
})
