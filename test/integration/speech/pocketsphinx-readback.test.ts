/**
 * The whole read-back on real speech: espeak-ng reads the spot (as written, or with a mistake), the
 * pocketsphinx engine recognises it, and the comparison must find each mistake where it happened.
 */
import { describe, expect, it } from 'vitest'
import { compareToScript } from '../../../main/readback/compare/compare'
import { misread, speak, SPOT_SCRIPT } from '../../support/spot-script'
import { pocketsphinxForTests } from '../../support/pocketsphinx-tests'

const TOLERANCE_S = 1.2
const { engine, folder } = pocketsphinxForTests('booth-readback-test-')

/**
 * The first hearing's words, compared to the script as the read-back compares them. The later hearings
 * only add doubts, which this file does not read (certainty-speech and negation-hearing test them), so
 * they are not run.
 */
async function readBack(text: string, name: string) {
  const { wav } = await speak(text, folder(), name)
  const transcript = await engine.transcribe(wav, { hints: SPOT_SCRIPT, doubts: false })
  return { check: compareToScript(SPOT_SCRIPT, transcript.words), words: transcript.words }
}

/** Where a spot in the read text is heard: the length of espeak-ng's reading of everything before it. */
async function timeOf(readText: string, marker: string, name: string): Promise<number> {
  return (await speak(readText.slice(0, readText.indexOf(marker)), folder(), name)).duration_s
}

describe('read-back with pocketsphinx on espeak-ng speech', { timeout: 120_000 }, () => {
  it('a clean read matches', async () => {
    const { check, words } = await readBack(SPOT_SCRIPT, 'clean')
    expect(words.length).toBeGreaterThan(60)
    expect(
      check.issues.filter((i) => i.severity !== 'soft'),
      JSON.stringify(check.issues),
    ).toEqual([])
    expect(check.verdict).toBe('matches')
    expect(check.coverage).toBeGreaterThan(0.95)
  })

  it('an omitted sentence is missing, at the place it was skipped', async () => {
    const skipped = 'Our sleep experts are here to help you find the perfect fit. '
    const text = SPOT_SCRIPT.replace(skipped, '')
    const { check } = await readBack(text, 'omitted')
    const issue = check.issues.find((i) => i.kind === 'missing' && (i.expected ?? '').includes('sleep experts'))
    expect(issue, JSON.stringify(check.issues)).toMatchObject({ severity: 'high' })
    expect(Math.abs((issue?.at_s ?? -99) - (await timeOf(text, 'Visit us', 'omitted-at')))).toBeLessThan(TOLERANCE_S)
    expect(check.verdict).toBe('mismatch')
  })

  it('a changed day is found with what was heard', async () => {
    const text = misread(SPOT_SCRIPT, 'Saturday', 'Sunday', 'Offer ends')
    const { check } = await readBack(text, 'day')
    const issue = check.issues.find((i) => i.kind === 'changed' && i.expected === 'Saturday')
    expect(issue, JSON.stringify(check.issues)).toMatchObject({ severity: 'high', heard: 'sunday' })
    expect(Math.abs((issue?.at_s ?? -99) - (await timeOf(text, 'Sunday', 'day-at')))).toBeLessThan(TOLERANCE_S)
  })

  it('a changed price is a high-severity number issue', async () => {
    const text = misread(SPOT_SCRIPT, '$299', '$279')
    const { check } = await readBack(text, 'price')
    const issue = check.issues.find((i) => i.kind === 'changed' && i.expected === '$299')
    expect(issue, JSON.stringify(check.issues)).toMatchObject({ severity: 'high', number: true })
    expect(issue?.heard).toMatch(/two hundred sevent/)
    expect(Math.abs((issue?.at_s ?? -99) - (await timeOf(text, '$279', 'price-at')))).toBeLessThan(TOLERANCE_S)
  })

  it('an inserted sentence is extra, where it was said', async () => {
    const inserted = 'Bring the whole family this weekend. '
    const text = SPOT_SCRIPT.replace('Visit us', `${inserted}Visit us`)
    const { check } = await readBack(text, 'inserted')
    // Words the script does not have come through only as far as the general vocabulary reaches.
    const issue = check.issues.find((i) => i.kind === 'extra' && (i.heard ?? '').split(' ').length >= 3)
    expect(issue, JSON.stringify(check.issues)).toBeDefined()
    expect(Math.abs((issue?.at_s ?? -99) - (await timeOf(text, inserted, 'inserted-at')))).toBeLessThan(TOLERANCE_S)
  })
})
