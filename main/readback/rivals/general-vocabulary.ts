/**
 * Words a talent may say instead of the script's: other days and months, numbers, and common English.
 * They sit in the recogniser's language model beside the script so a misread ("Sunday" for "Saturday",
 * "forty" for "fourteen") comes through as itself instead of being forced onto the script's word.
 */
const DAYS =
  'monday tuesday wednesday thursday friday saturday sunday today tonight tomorrow yesterday weekend week month year'
const MONTHS = 'january february march april may june july august september october november december'
const NUMBERS =
  'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen ' +
  'eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand million billion point percent ' +
  'dollar dollars cent cents pound pounds pence euro euros first second third fourth fifth sixth seventh eighth ninth tenth half quarter double oh'
const COMMON =
  'a about after again all also always am an and any are around as ask at away back be because been before best ' +
  'better big both but buy by call came can come could day did do does done down each easy even ever every far fast few find ' +
  'for free from full get give go good great had has have he help her here high him his home how i if in into is it its just ' +
  'keep know last late less let life like little live long look lot low made make many me more most much must my need never ' +
  'new next no not now of off old on once only open or other our out over own part people place plus price prices right ' +
  'same save say see she should show since so some start still store such sure take than that the their them then there these ' +
  'they thing think this those through time to too top up us use very visit want was way we well were what when where which ' +
  'while who why will with without work would you your yours save sale deal deals offer call online near now limited ' +
  'only more less off up down street avenue road bring family whole kids children friends house car room bed beds ' +
  'table chair sofa couch shop shopping love enjoy happy welcome thanks thank please hurry quick quickly miss chance ' +
  'guaranteed quality service brand new year years money pay cash card credit finance zero interest order orders ' +
  'delivery deliver free off until through ends end starts begin begins stop today hours late early morning night ' +
  'city town local area near location locations place come on in what more again big bigger biggest small little ' +
  'every everything nothing something someone everyone yes no ok okay really just even also still again always'

export const GENERAL_VOCABULARY: readonly string[] = [...new Set(`${DAYS} ${MONTHS} ${NUMBERS} ${COMMON}`.split(/\s+/))]
