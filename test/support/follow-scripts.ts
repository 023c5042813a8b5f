/**
 * The reads the prompter's benchmark streams (test/bench/follow.ts): a script, the voice that reads it and
 * what it reads (a number said as words, an ad-lib, sometimes a skipped sentence).
 * - The tuning set: the scripts and voices the prompter's settings were chosen on (also the voices of
 *   the follow tests: espeak-ng en-us+f2, +m2, +f4, +m1).
 * - The held-out set: scripts, voices and rates used nowhere else (espeak-ng en-us+f3 at 150 wpm, flite
 *   slt and rms), so its figures say how the pacing does on a voice it has never heard.
 */
import type { Voice } from './follow-takes'

export interface FollowCase {
  name: string
  voice: Voice
  script: string
  read: string
}

const SCRIPT_A = [
  'This weekend only, Dream Street Furniture takes 30% off every mattress in the store.',
  'Queen sets start at just $499, with free delivery on every order.',
  'Our sleep experts will help you find the perfect fit.',
  'Visit us at 1400 Harbor Boulevard, open 9 to 9.',
  'Bring the whole family and try them all.',
  'Dream Street Furniture, where better sleep begins.',
  'Offer ends Sunday; restrictions apply.',
].join(' ')

const SCRIPT_B = [
  'Harvest Market opens its new store on Maple Avenue this Friday.',
  'The first 100 shoppers get a free canvas bag and fresh coffee.',
  'Every week brings 15% off local apples, pears and squash.',
  'Over 1,250 growers from the valley fill our shelves.',
  'Bring the kids for face painting on Saturday afternoon.',
  'Harvest Market, fresh from the farm to your table.',
  'While supplies last.',
].join(' ')

const SCRIPT_C = [
  'Summit Auto Care keeps your car running through the winter.',
  'Get a full oil change and tire rotation for just $59.',
  'Our certified technicians check your brakes, battery and lights for free.',
  'Book online and wait in our comfortable lounge with fresh pastries.',
  'Summit Auto Care, on Route 9 next to the library.',
].join(' ')

const SCRIPT_D = [
  'Bright Smile Dental welcomes new patients of every age.',
  'Your first cleaning and exam cost only $75.',
  'We accept most insurance plans and offer evening appointments.',
  'Call today and ask about our family discount.',
  'Bright Smile Dental, caring for your town since 1998.',
].join(' ')

export const TUNING_CASES: FollowCase[] = [
  {
    name: 'A',
    voice: { name: 'en-us+f2', speed: 175 },
    script: SCRIPT_A,
    // "$499" said as "four ninety nine", an ad-lib after it, "Visit us …" skipped.
    read: SCRIPT_A.replace('$499', 'four ninety nine')
      .replace('every order.', 'every order. And honestly, folks, you are going to love these beds.')
      .replace('Visit us at 1400 Harbor Boulevard, open 9 to 9. ', ''),
  },
  {
    name: 'B',
    voice: { name: 'en-us+m2', speed: 155 },
    script: SCRIPT_B,
    // "1,250" said as "twelve hundred fifty", an ad-lib, "Bring the kids …" skipped.
    read: SCRIPT_B.replace('1,250', 'twelve hundred fifty')
      .replace('pears and squash.', 'pears and squash. Oh, and between you and me, the pies are amazing.')
      .replace('Bring the kids for face painting on Saturday afternoon. ', ''),
  },
]

export const HELD_OUT_CASES: FollowCase[] = [
  {
    name: 'C',
    voice: { name: 'en-us+f3', speed: 150 },
    script: SCRIPT_C,
    // "$59" said as "fifty nine dollars", an ad-lib.
    read: SCRIPT_C.replace('$59', 'fifty nine dollars').replace(
      'lights for free.',
      'lights for free. Seriously, it takes no time at all.',
    ),
  },
  {
    name: 'D',
    voice: { engine: 'flite', name: 'slt', speed: 1 },
    script: SCRIPT_D,
    // "$75" said as "seventy five dollars", "1998" as "nineteen ninety eight".
    read: SCRIPT_D.replace('$75', 'seventy five dollars').replace('1998', 'nineteen ninety eight'),
  },
  {
    name: 'E',
    voice: { engine: 'flite', name: 'rms', speed: 1.1 },
    script: SCRIPT_C,
    // The script as written, a sentence skipped.
    read: SCRIPT_C.replace('$59', 'fifty nine dollars').replace(
      'Book online and wait in our comfortable lounge with fresh pastries. ',
      '',
    ),
  },
]
