/**
 * What the held-out splice tests read (held-out-splices, held-out-rooms-splices): the spot with sentences 3
 * and 5 flubbed in the take, a run-up line for a pickup read from the sentence before, and the pauses the
 * synthesiser makes between sentences (SSML breaks).
 */
import { SENTENCES } from './spot'

export const FLUBBED = [...SENTENCES]
FLUBBED[2] = 'Queen mattresses start at just $279.'
FLUBBED[4] = 'Visit us at 1400 Harbor Boulevard, open 8 to 9.'
export const RUN_UP = 'and get free delivery on orders over $499.'
export const BREAKS = [0.45, 0.6, 0.4, 0.55]
