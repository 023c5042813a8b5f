/** A proofer's pickup card in words: where it points, what was said and what it should be, and how it stands. */
import type { PickupCardView } from '../../../../shared/versions/types'
import { clockOfTenths } from '../take-numbers'

export function cardWhere(card: Pick<PickupCardView, 'sentence' | 'locator' | 'row'>): string {
  if (card.sentence !== null) return `Sentence ${card.sentence}`
  return card.locator.kind === 'time' ? `At ${clockOfTenths(Math.floor(card.locator.seconds * 10))}` : `Row ${card.row}`
}

/** "Said “two seventy-nine”, should be “two ninety-nine”." (either part left out when the list had none). */
export function cardChange(card: Pick<PickupCardView, 'said' | 'should_be'>): string {
  const said = card.said.trim()
  const should = card.should_be.trim()
  if (said && should) return `Said “${said}”, should be “${should}”.`
  if (should) return `Should be “${should}”.`
  if (said) return `Said “${said}”.`
  return 'No note on what was said.'
}

/** How many cards are ticked, in words: "1 of 3 fixed". */
export function cardsProgress(cards: readonly Pick<PickupCardView, 'done' | 'sentence'>[]): string {
  const usable = cards.filter((c) => c.sentence !== null)
  return `${usable.filter((c) => c.done).length} of ${usable.length} fixed`
}

/** The CSV file's text, or why it cannot be used, before it is sent (main checks it again, row by row). */
export function csvProblem(name: string, text: string, maxChars: number): string | null {
  if (text.trim() === '') return `“${name}” is empty; a pickup list has a row per pickup.`
  if (text.length > maxChars)
    return `“${name}” is too long for a pickup list (over ${maxChars.toLocaleString('en-US')} characters).`
  if (text.includes('\u0000')) return `“${name}” is not a text file; export the pickup list as CSV.`
  return null
}
