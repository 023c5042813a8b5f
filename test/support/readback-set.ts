/**
 * Spots and planted misreads for measuring the read-back: each misread changes one thing that matters in
 * a radio spot (a day, a month, a number, a price, a rate, a name, a place, a negation, a common word), and
 * a read-back that answers "matches" to any of them fails the talent. Clean reads of the same spots must
 * still match.
 *
 * Two sets: TUNING is what the engine's settings were chosen on; HELD_OUT was written afterwards and is
 * only measured (`npm run bench -- readback`), with espeak-ng voices and speeds the tuning did not use.
 * Each is also read by flite (speech made another way, which pocketsphinx hears far more cleanly than
 * espeak-ng: there a misread heard as the script's word shows as "matches" instead of hiding behind the
 * recogniser's own mishearings): TUNING at the voices' own pace, HELD_OUT by other voices at other paces.
 */

export type MisreadKind =
  'day' | 'month' | 'number' | 'price' | 'rate' | 'name' | 'place' | 'negation' | 'common' | 'dropped'

export interface Misread {
  kind: MisreadKind
  /** The text as written in the script… */
  from: string
  /** …and as the talent read it ("" for a word left out). */
  to: string
  /** Plant it at the first `from` after this text (default: the first in the script). */
  after?: string
}

export interface Spot {
  id: string
  script: string
  misreads: Misread[]
}

export interface Voice {
  /** The synthesiser: espeak-ng (the default) or flite, whose voices pocketsphinx hears far more cleanly. */
  synth?: 'espeak-ng' | 'flite'
  /** espeak-ng voice with variant, e.g. "en-us+f2"; or a flite voice, e.g. "slt". */
  voice: string
  /** espeak-ng: words per minute. flite: percent of the voice's own pace (120 reads in 1/1.2 of the time). */
  speed: number
  /**
   * sox effects applied to the synthesiser's reading, in order (readback-measure.ts `spoken`), e.g.
   * ['pitch', '-150'] or ['reverb', '30']; ['noise', '-42'] mixes in pink noise of that amplitude (dBFS).
   */
  effects?: string[]
}

/** How a voice is named in figures: "en-us+f2 at 175 wpm", "flite slt at 100% pace". */
export function voiceName(v: Voice): string {
  const name = v.synth === 'flite' ? `flite ${v.voice} at ${v.speed}% pace` : `${v.voice} at ${v.speed} wpm`
  return v.effects?.length ? `${name}, sox ${v.effects.join(' ')}` : name
}

export const TUNING: Spot[] = [
  {
    id: 'optician',
    script:
      'Hollis and Finch Opticians is open late this Thursday. Save 30% on designer frames through March 15. ' +
      'Our optometrists are not available on Sundays. Find us at 42 Maple Lane in Riverside. Eye exams start at just $49.',
    misreads: [
      { kind: 'day', from: 'Thursday', to: 'Tuesday' },
      { kind: 'month', from: 'March', to: 'May' },
      { kind: 'number', from: '42', to: '52' },
      { kind: 'price', from: '$49', to: '$59' },
      { kind: 'rate', from: '30%', to: '40%' },
      { kind: 'name', from: 'Hollis', to: 'Hollister' },
      { kind: 'place', from: 'Maple Lane', to: 'Maple Line' },
      { kind: 'negation', from: 'are not available', to: 'are available' },
      { kind: 'common', from: 'frames', to: 'lenses' },
    ],
  },
  {
    id: 'motors',
    script:
      'At Brightwater Motors, every new sedan comes with 0% financing for 60 months. This offer ends Monday, October 31. ' +
      'Visit Brightwater Motors on Route 9 in Fairfield. Financing is not available to all buyers.',
    misreads: [
      { kind: 'day', from: 'Monday', to: 'Sunday' },
      { kind: 'month', from: 'October', to: 'November' },
      { kind: 'number', from: '60', to: '70' },
      { kind: 'rate', from: '0%', to: '2%' },
      { kind: 'name', from: 'Brightwater', to: 'Brightwood' },
      { kind: 'place', from: 'Fairfield', to: 'Fairview' },
      { kind: 'negation', from: 'is not available', to: 'is available' },
      { kind: 'common', from: 'new', to: 'used' },
    ],
  },
  {
    id: 'bank',
    script:
      'Harbor Trust Bank now pays 4.25% on savings. Open an account by Friday, June 6 with as little as $100. ' +
      'There is no monthly fee, and you will never pay for checks. Harbor Trust Bank, member FDIC.',
    misreads: [
      { kind: 'day', from: 'Friday', to: 'Thursday' },
      { kind: 'month', from: 'June', to: 'July' },
      { kind: 'number', from: '6', to: '16' },
      { kind: 'price', from: '$100', to: '$1,000' },
      { kind: 'rate', from: '4.25%', to: '4.5%' },
      { kind: 'name', from: 'Harbor', to: 'Harper' },
      { kind: 'negation', from: 'will never pay', to: 'will pay' },
      { kind: 'common', from: 'savings', to: 'checking' },
    ],
  },
  {
    id: 'furniture',
    script:
      "This Saturday only, it's the biggest sale of the year at Dream Street Furniture. " +
      'Save 20% on every mattress in the store, and get free delivery on orders over $499. Queen mattresses start at just $299. ' +
      'Visit us at 1400 Harbor Boulevard, open 9 to 9. Offer ends Saturday, June 14; restrictions apply.',
    misreads: [
      { kind: 'day', from: 'Saturday', to: 'Sunday' },
      { kind: 'day', from: 'Saturday', to: 'Friday', after: 'Offer ends' },
      { kind: 'month', from: 'June', to: 'July' },
      { kind: 'price', from: '$299', to: '$279' },
      { kind: 'rate', from: '20%', to: '25%' },
      { kind: 'name', from: 'Dream Street', to: 'Green Street' },
      { kind: 'place', from: 'Harbor Boulevard', to: 'Harper Boulevard' },
      { kind: 'common', from: 'free delivery', to: 'fast delivery' },
    ],
  },
]

export const TUNING_VOICES: Voice[] = [
  { voice: 'en-us+f2', speed: 175 },
  { voice: 'en-us', speed: 150 },
]

export const HELD_OUT: Spot[] = [
  {
    id: 'garden',
    script:
      'Greenleaf Garden Center opens early this Wednesday for the spring plant sale. ' +
      'Every rose bush is $12, and hanging baskets are 25% off until April 30. ' +
      'Delivery is free within 10 miles. Greenleaf is on Cedar Road, just past the Oakdale bridge. Sale plants cannot be returned.',
    misreads: [
      { kind: 'day', from: 'Wednesday', to: 'Thursday' },
      { kind: 'month', from: 'April', to: 'August' },
      { kind: 'number', from: '10 miles', to: '20 miles' },
      { kind: 'price', from: '$12', to: '$20' },
      { kind: 'rate', from: '25%', to: '35%' },
      { kind: 'name', from: 'Greenleaf Garden', to: 'Greenfield Garden' },
      { kind: 'place', from: 'Cedar Road', to: 'Cedar Lane' },
      { kind: 'negation', from: 'cannot be returned', to: 'can be returned' },
      { kind: 'common', from: 'hanging baskets', to: 'hanging lanterns' },
    ],
  },
  {
    id: 'dental',
    script:
      'At Parkside Family Dental, new patients get a cleaning and X-rays for just $79. ' +
      'We are open Saturdays from 8 to 2, and we never charge for a second opinion. ' +
      'Call Doctor Alvarez today at 555-0188. Offer valid through December 31.',
    misreads: [
      { kind: 'day', from: 'Saturdays', to: 'Sundays' },
      { kind: 'month', from: 'December', to: 'November' },
      { kind: 'number', from: '8 to 2', to: '8 to 4' },
      { kind: 'price', from: '$79', to: '$99' },
      { kind: 'name', from: 'Alvarez', to: 'Alvarado' },
      { kind: 'place', from: 'Parkside', to: 'Lakeside' },
      { kind: 'negation', from: 'we never charge', to: 'we charge' },
      { kind: 'common', from: 'cleaning', to: 'checkup' },
    ],
  },
  {
    id: 'credit-union',
    script:
      'Summit Valley Credit Union has auto loans from 5.9% APR for up to 72 months. ' +
      'Apply online by Tuesday, May 20, and your first payment is not due for 90 days. ' +
      'Summit Valley, serving Clark County since 1952. Rates are subject to credit approval.',
    misreads: [
      { kind: 'day', from: 'Tuesday', to: 'Thursday' },
      { kind: 'month', from: 'May', to: 'March' },
      { kind: 'number', from: '72 months', to: '60 months' },
      { kind: 'rate', from: '5.9%', to: '9.5%' },
      { kind: 'name', from: 'Summit Valley Credit', to: 'Summit Ridge Credit' },
      { kind: 'place', from: 'Clark County', to: 'Clay County' },
      { kind: 'negation', from: 'is not due', to: 'is due' },
      { kind: 'common', from: 'auto loans', to: 'home loans' },
    ],
  },
  {
    id: 'pizza',
    script:
      "Tonight only at Tony Marino's Pizza, get two large pizzas for $18.99. " +
      'Kids eat free every Monday in July. We deliver to Eastwood and Milford until midnight, and there is no delivery charge on orders over $25.',
    misreads: [
      { kind: 'day', from: 'Monday', to: 'Tuesday' },
      { kind: 'month', from: 'July', to: 'June' },
      { kind: 'number', from: 'two large', to: 'three large' },
      { kind: 'price', from: '$18.99', to: '$19.99' },
      { kind: 'name', from: 'Marino', to: 'Martino' },
      { kind: 'place', from: 'Milford', to: 'Guilford' },
      { kind: 'negation', from: 'there is no delivery charge', to: 'there is a delivery charge' },
      { kind: 'common', from: 'Kids eat free', to: 'Kids eat cheap' },
    ],
  },
]

/** Voices and speeds the tuning did not use: a lower male voice read slowly, a brighter female voice read fast. */
export const HELD_OUT_VOICES: Voice[] = [
  { voice: 'en-us+m3', speed: 140 },
  { voice: 'en-us+f4', speed: 195 },
]

/** flite's US female and male voices at their own pace: what the engine's settings were also chosen on. */
export const TUNING_FLITE_VOICES: Voice[] = [
  { synth: 'flite', voice: 'slt', speed: 100 },
  { synth: 'flite', voice: 'rms', speed: 100 },
]

/** flite voices and paces the tuning did not use: a Scottish male voice read fast, a diphone voice read slowly. */
export const HELD_OUT_FLITE_VOICES: Voice[] = [
  { synth: 'flite', voice: 'awb', speed: 120 },
  { synth: 'flite', voice: 'kal16', speed: 85 },
]

/** The read text: the script with one misread planted. */
export function plant(script: string, m: Misread): string {
  const start = script.indexOf(m.from, m.after ? script.indexOf(m.after) : 0)
  if (start < 0) throw new Error(`"${m.from}" is not in the script`)
  const read = script.slice(0, start) + m.to + script.slice(start + m.from.length)
  return read.replace(/ {2,}/g, ' ')
}

/** Where the misread stands in the script: [from, to) in characters, the words that were read otherwise. */
export function misreadRange(script: string, m: Misread): { from: number; to: number } {
  const start = script.indexOf(m.from, m.after ? script.indexOf(m.after) : 0)
  // Only the words that differ: "are not available" → "are available" concerns "not".
  const a = m.from.split(' ')
  const b = m.to.split(' ').filter(Boolean)
  let head = 0
  while (head < a.length && head < b.length && a[head] === b[head]) head++
  let tail = 0
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++
  const before = a.slice(0, head).join(' ')
  const changed = a.slice(head, a.length - tail).join(' ')
  const from = start + (before ? before.length + 1 : 0)
  return { from, to: from + changed.length }
}
