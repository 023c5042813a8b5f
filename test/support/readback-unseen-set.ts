/**
 * UNSEEN: a third measuring set for the read-back (issue 41), written on 2026-12-07 after the rules had been
 * fitted on TUNING and, in part, on HELD_OUT (docs/measurements.md says how). Its scripts, voices and paces
 * are used by no other set or test: three espeak-ng voices (a New York accent, a Scottish one, a variant
 * none of the sets reads with) and flite's 8 kHz `kal` at a faster pace. Misreads are planted the way
 * readback-set.ts plants them (a day, a month, a number, a price, a rate, a name, a place, a negation, a
 * common word swapped).
 *
 * A dev set now: the sound-alike rule was written beside it and issue 41 point 4's certainty rules were
 * written on its hearings. The held-out set is SEALED (readback-sealed-set.ts).
 */
import type { Spot, Voice } from './readback-set'

export const UNSEEN: Spot[] = [
  {
    id: 'hardware',
    script:
      'Kessler Hardware is having its fall tool sale this Friday and Saturday. ' +
      'Cordless drills are $89, and every paint brush is 15% off through November 12. We do not match online prices. ' +
      'Find us at 210 Orchard Street in Westbrook. Offer good while supplies last.',
    misreads: [
      { kind: 'day', from: 'Friday', to: 'Sunday' },
      { kind: 'month', from: 'November', to: 'September' },
      { kind: 'number', from: '210 Orchard', to: '230 Orchard' },
      { kind: 'price', from: '$89', to: '$99' },
      { kind: 'rate', from: '15%', to: '50%' },
      { kind: 'name', from: 'Kessler', to: 'Keller' },
      { kind: 'place', from: 'Westbrook', to: 'Eastbrook' },
      { kind: 'negation', from: 'do not match', to: 'do match' },
      { kind: 'common', from: 'Cordless drills', to: 'Cordless saws' },
    ],
  },
  {
    id: 'vet',
    script:
      'Pine Hollow Animal Clinic now offers walk-in vaccines every Thursday from 4 to 7. ' +
      'A rabies shot is only $25, and there is no appointment needed. ' +
      'Doctor Okafor has cared for the pets of Lakewood for 18 years. Call 555-0143 or visit us on Birch Avenue.',
    misreads: [
      { kind: 'day', from: 'Thursday', to: 'Tuesday' },
      { kind: 'number', from: '18 years', to: '80 years' },
      { kind: 'price', from: '$25', to: '$35' },
      { kind: 'name', from: 'Okafor', to: 'Okoro' },
      { kind: 'place', from: 'Birch Avenue', to: 'Beach Avenue' },
      { kind: 'negation', from: 'there is no appointment', to: 'there is an appointment' },
      { kind: 'common', from: 'rabies shot', to: 'rabies test' },
    ],
  },
  {
    id: 'airline',
    script:
      'Coastal Air now flies nonstop from Portland to Denver, starting January 9. ' +
      'Fares begin at $129 each way, and children under 2 fly free. Seats are limited, and fares are not refundable. ' +
      'Book by this Wednesday to save 10%.',
    misreads: [
      { kind: 'day', from: 'Wednesday', to: 'Monday' },
      { kind: 'month', from: 'January', to: 'February' },
      { kind: 'number', from: 'under 2', to: 'under 3' },
      { kind: 'price', from: '$129', to: '$149' },
      { kind: 'rate', from: '10%', to: '20%' },
      { kind: 'place', from: 'Denver', to: 'Dallas' },
      { kind: 'negation', from: 'are not refundable', to: 'are refundable' },
      { kind: 'common', from: 'Seats are limited', to: 'Seats are available' },
    ],
  },
]

/** Voices and paces no other set or test reads with. */
export const UNSEEN_VOICES: Voice[] = [
  { voice: 'en-us-nyc', speed: 160 },
  { voice: 'en-gb-scotland', speed: 170 },
  { voice: 'en-us+m5', speed: 150 },
  { synth: 'flite', voice: 'kal', speed: 110 },
]
