/**
 * SEALED: the read-back's held-out set (issue 41 point 4), written on 2026-12-07 after TUNING, HELD_OUT and
 * UNSEEN had all been looked at while writing rules (so all three are now tuning, "dev", sets).
 *
 * DO NOT USE IT WHILE TUNING. No rule, constant or test may be written after looking at its hearings, its
 * findings or its figures; it is measured once before a change of the rules and once after, with
 * `BOOTH_BENCH_READBACK_SETS=sealed npm run bench -- readback`, and the two figures are written down
 * (docs/measurements.md). Once a rule has been fitted to what it shows, it is one more dev set: write a new
 * sealed set then (new scripts, and voices, paces and treatments no set or test has used).
 *
 * Its scripts are new, and so is every voice: espeak-ng voices and variants no set or test reads with
 * (Lancaster English with variant m7, the Klatt synthesiser's klatt3, a US m6 in a reverberant room) at
 * paces none uses, and flite's rms and slt at paces none uses, one pitched down and one on a noisy
 * room tone, both by sox. Each audio is made at bench time (readback-measure.ts `spoken`), deterministically
 * (sox -R), and never committed. Misreads are planted as readback-set.ts plants them: a changed word, a
 * price, a number, a dropped word, a swapped name, a place, a day, a month, a negation.
 */
import type { Spot, Voice } from './readback-set'

export const SEALED: Spot[] = [
  {
    id: 'bakery',
    script:
      'Rosewood Bakery turns ten this Sunday, and every loaf of sourdough is $4 all weekend. ' +
      'Our cakes are baked each morning, and we do not use preservatives. ' +
      'Order a birthday cake by August 22 and get 12 cupcakes free. Owner Marisol Benitez thanks everyone in Northgate.',
    misreads: [
      { kind: 'day', from: 'Sunday', to: 'Saturday' },
      { kind: 'month', from: 'August', to: 'October' },
      { kind: 'number', from: '12 cupcakes', to: '20 cupcakes' },
      { kind: 'price', from: '$4', to: '$6' },
      { kind: 'name', from: 'Benitez', to: 'Benson' },
      { kind: 'place', from: 'Northgate', to: 'Southgate' },
      { kind: 'negation', from: 'do not use', to: 'do use' },
      { kind: 'common', from: 'loaf of sourdough', to: 'loaf of rye' },
      { kind: 'dropped', from: 'cupcakes free', to: 'cupcakes' },
    ],
  },
  {
    id: 'gym',
    script:
      'Ironside Fitness is open around the clock, seven days a week. ' +
      'Join before September 5 and pay no enrollment fee. Memberships start at $29 a month, and personal training is 30% off for new members. ' +
      'We are at 88 Lincoln Avenue, across from Grant Park. Classes fill up quickly, so reserve online.',
    misreads: [
      { kind: 'month', from: 'September', to: 'December' },
      { kind: 'number', from: '88 Lincoln', to: '98 Lincoln' },
      { kind: 'price', from: '$29', to: '$39' },
      { kind: 'rate', from: '30%', to: '35%' },
      { kind: 'name', from: 'Ironside', to: 'Ironwood' },
      { kind: 'place', from: 'Lincoln Avenue', to: 'Lincoln Street' },
      { kind: 'negation', from: 'pay no enrollment', to: 'pay an enrollment' },
      { kind: 'common', from: 'reserve online', to: 'reserve early' },
      { kind: 'dropped', from: 'for new members', to: 'for members' },
    ],
  },
  {
    id: 'theater',
    script:
      'The Majestic Theater presents a new comedy, with shows Thursday through Sunday at 7:30. ' +
      'Tickets are $45, and students pay half price. Seating is not assigned, so please arrive early. ' +
      'Season passes go on sale February 1 at the box office on Granger Road.',
    misreads: [
      { kind: 'day', from: 'through Sunday', to: 'through Saturday' },
      { kind: 'month', from: 'February', to: 'January' },
      { kind: 'number', from: '7:30', to: '8:30' },
      { kind: 'price', from: '$45', to: '$65' },
      { kind: 'name', from: 'Majestic', to: 'Magnolia' },
      { kind: 'place', from: 'Granger Road', to: 'Granger Street' },
      { kind: 'negation', from: 'is not assigned', to: 'is assigned' },
      { kind: 'common', from: 'half price', to: 'full price' },
      { kind: 'dropped', from: 'new comedy', to: 'comedy' },
    ],
  },
]

/** Voices, paces and treatments no other set or test reads with (sox effects after the synthesiser). */
export const SEALED_VOICES: Voice[] = [
  { voice: 'en-gb-x-gbclan+m7', speed: 155 },
  { voice: 'en+klatt3', speed: 165 },
  { voice: 'en-us+m6', speed: 185, effects: ['reverb', '30', '50', '60'] },
  { synth: 'flite', voice: 'rms', speed: 92, effects: ['pitch', '-150'] },
  { synth: 'flite', voice: 'slt', speed: 112, effects: ['noise', '-42'] },
]
