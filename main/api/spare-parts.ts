/**
 * The parts of a job Booth can show a job without (answer-mend.ts leaves them out, with a plain note, when
 * the service sends them in a form that does not conform to resources/api/talent-v1.yaml). What is not
 * listed here is needed to show the job at all: its id, title, key number, customer and voice, kind,
 * status and stage, what can be done with it, and the script's text. The rule for choosing: a part is
 * spare when leaving it out changes what is shown, never what Booth does with the talent's audio or what
 * it sends to the service.
 */
import { DROP, type SparePart, type SpareParts } from './answer-mend'

/** "One pronunciation from the producer could not be read and is not shown." / "2 pronunciations … are not shown." */
function items(one: string, many: string): (count: number) => string {
  return (count) =>
    count === 1
      ? `One ${one} could not be read and is not shown.`
      : `${count} ${many} could not be read and are not shown.`
}

const said = (sentence: string) => () => sentence

/** A list whose items may each be left out, and the list itself when it is not a list at all. */
function list(at: string, one: string, many: string, whole: string): SparePart[] {
  return [
    { at: `${at}/*`, mend: DROP, note: items(one, many) },
    { at, mend: [], note: said(whole) },
  ]
}

/** Fields of both a job's row and its details. */
const SUMMARY_PARTS: readonly SparePart[] = [
  { at: 'reference', mend: null, note: said("The job's reference could not be read and is not shown.") },
  { at: 'producer_name', mend: null, note: said("The producer's name could not be read and is not shown.") },
  { at: 'rate', mend: null, note: said('The rate could not be read and is not shown.') },
  {
    at: 'due_date',
    mend: null,
    note: said('The due date could not be read and is not shown; check it with the producer.'),
  },
  {
    at: 'changes_due',
    mend: null,
    note: said('The date the changes are due by could not be read and is not shown; check it with the producer.'),
  },
]

const DETAIL_PARTS: readonly SparePart[] = [
  ...SUMMARY_PARTS,
  { at: 'producer', mend: null, note: said("The producer's contact details could not be read and are not shown.") },
  { at: 'agency', mend: null, note: said('The agency could not be read and is not shown.') },
  { at: 'flight_start', mend: null, note: said('The date the spot starts airing could not be read and is not shown.') },
  ...list('traffic', 'traffic entry', 'traffic entries', 'The traffic list could not be read and is not shown.'),
  ...list(
    'other_talent',
    'name of the other talent',
    'names of the other talent',
    'The list of other talent could not be read and is not shown.',
  ),
  {
    at: 'script/html',
    mend: null,
    note: said("The script's formatting could not be read; it is shown as plain text."),
  },
  {
    at: 'script/revised_at',
    mend: null,
    note: said('When the script was last revised could not be read and is not shown.'),
  },
  {
    at: 'script/document',
    mend: null,
    note: said("The script document's details could not be read, so it cannot be opened from here."),
  },
  {
    at: 'directions/html',
    mend: null,
    note: said("The directions' formatting could not be read; they are shown as plain text."),
  },
  {
    at: 'directions/text',
    mend: '',
    note: said('Part of the directions from the producer could not be read and is not shown.'),
  },
  {
    at: 'directions',
    mend: { html: null, text: '' },
    note: said('The directions from the producer could not be read and are not shown.'),
  },
  ...list(
    'pronunciations',
    'pronunciation from the producer',
    'pronunciations from the producer',
    'The pronunciation list from the producer could not be read and is not shown.',
  ),
  {
    at: 'script_change',
    mend: null,
    note: said('What changed in the script could not be read and is not shown; the script shown is the current one.'),
  },
  {
    at: 'changes_request',
    mend: null,
    note: said("The producer's change request could not be read and is not shown; check it with the producer."),
  },
  { at: 'decline', mend: null, note: said('Why the job was declined could not be read and is not shown.') },
  { at: 'completion', mend: null, note: said("The job's completion note could not be read and is not shown.") },
  ...list(
    'timeline',
    "entry of the job's history",
    "entries of the job's history",
    "The job's history could not be read and is not shown.",
  ),
  ...list('deliveries_detail', 'delivery', 'deliveries', 'The list of deliveries could not be read and is not shown.'),
  ...list(
    'attachments_detail',
    'attachment',
    'attachments',
    'The list of attachments could not be read and is not shown.',
  ),
]

/** Per client operation (client.ts): where its jobs sit in the answer and which of their parts are spare. */
export const SPARE_PARTS: Readonly<Record<string, SpareParts>> = {
  listJobs: { base: 'items/*', parts: SUMMARY_PARTS },
  getJob: { base: 'job', parts: DETAIL_PARTS },
}
