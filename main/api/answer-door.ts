/**
 * The door every success answer of the service passes before anything in Booth sees it: the answer is
 * checked against the 200 answer its operation has in the API document (resources/api/talent-v1.yaml;
 * the reading rules are in answer-schemas.ts: unknown fields ignored, unknown enum values read as
 * 'unknown').
 *
 * - An answer that conforms passes (with its unknown enum values rewritten in place).
 * - A spare part of a job (spare-parts.ts: a pronunciation, the directions, the rate…) that does not
 *   conform is left out, with a plain note on the job (answer-mend.ts); the job passes.
 * - In a list read item by item (ITEM_LISTS: the jobs of a job list), an item that does not conform is
 *   taken out and named in `unreadableItems` (its place, its id when that is readable, what is wrong);
 *   the rest of the answer works.
 * - Anything else that does not conform makes the whole answer unreadable: an ApiError of kind
 *   'unreadable' whose sentence names what the service sent and what is wrong ("The service sent a job
 *   list Booth cannot read: "items" is a group of fields where a list is expected."). It is never
 *   retried, and it says the service answered: it is not "offline".
 */
import type { ErrorObject } from 'ajv'
import { API_ID_PATTERN } from '../../shared/check'
import { describeProblem } from './answer-problems'
import { answerSchemas, type AnswerSchemas } from './answer-schemas'
import { forgetSentNotes, mendSpareParts } from './answer-mend'
import { SPARE_PARTS } from './spare-parts'
import { ApiError } from './errors'

/** An item of a list the door took out because it does not conform. */
export interface UnreadableItem {
  /** The list's field in the answer, e.g. 'items' of GET /jobs. */
  list: string
  /** Its index in the list as the service sent it. */
  position: number
  /** Its id when that field is readable (an API id), else null. */
  id: string | null
  /** What is wrong, in words (answer-problems.ts). */
  problem: string
}

/** Booth's note beside an answer that came through the door with items taken out. */
export interface DoorNotes {
  unreadableItems?: UnreadableItem[]
}

interface ItemList {
  field: string
  idField: string
}

/** Lists whose items are read one by one: one damaged job never hides the others. */
const ITEM_LISTS: Readonly<Record<string, readonly ItemList[]>> = {
  listJobs: [{ field: 'items', idField: 'job_id' }],
}

/** The client's operation names (client.ts) and the document's operationIds, with what each answer is in words. */
const OPERATIONS: Readonly<Record<string, { id: string; what: (body: unknown) => string }>> = {
  me: { id: 'getMe', what: () => 'the details of your API key' },
  listJobs: { id: 'listJobs', what: () => 'a job list' },
  getJob: { id: 'getJob', what: (b) => withId('the details of job', idAt(b, 'job', 'job_id'), 'the details of a job') },
  scriptsPdf: { id: 'createScriptsPdf', what: () => 'a link to the scripts PDF' },
  listDeliveries: {
    id: 'listDeliveries',
    what: (b) => withId('the deliveries of job', idAt(b, 'job_id'), 'the deliveries of a job'),
  },
  deliver: { id: 'createDelivery', what: () => 'an answer to a delivery' },
  attachmentDownload: { id: 'getAttachmentDownload', what: () => 'a link to an attachment' },
  earnings: { id: 'getEarnings', what: () => 'earnings' },
  getAvailability: { id: 'getAvailability', what: () => 'your availability' },
  putAvailability: { id: 'putAvailability', what: () => 'an answer about your availability' },
  getPreferences: { id: 'getPreferences', what: () => 'your preferences' },
  putPreferences: { id: 'putPreferences', what: () => 'an answer about your preferences' },
  getConsent: { id: 'getConsent', what: () => 'your AI consent' },
  putConsent: { id: 'putConsent', what: () => 'an answer about your AI consent' },
  accept: { id: 'acceptJobs', what: () => 'an answer to accepting jobs' },
  decline: { id: 'declineJobs', what: () => 'an answer to declining jobs' },
  complete: { id: 'completeJobs', what: () => 'an answer to completing jobs' },
}

/** The sentence of an answer Booth cannot read. */
export const UNREADABLE_ANSWER_MESSAGE = (what: string, problem: string): string =>
  `The service sent ${what} Booth cannot read: ${problem}.`

/**
 * Checks one success answer (the parsed envelope) of `operation`. Returns it (unknown enum values
 * rewritten, unreadable items taken out and noted) or throws ApiError 'unreadable'.
 */
export function passDoor<T extends object>(
  operation: string,
  body: T,
  schemas: AnswerSchemas = answerSchemas(),
): T & DoorNotes {
  const op = OPERATIONS[operation]
  if (!op) throw new Error(`The answer door knows no operation "${operation}".`)
  const validate = schemas.validator(op.id)
  if (!validate) throw new Error(`The API document declares no success answer for ${op.id}.`)
  const spare = SPARE_PARTS[operation]
  if (spare) forgetSentNotes(body, spare)
  if (validate(body)) return body
  // Spare parts of a job that do not conform are left out with a note (answer-mend.ts); the rest is read as before.
  if (spare && mendSpareParts(body, validate.errors ?? [], spare).length > 0 && validate(body)) return body
  const errors = validate.errors ?? []
  const lists = ITEM_LISTS[operation] ?? []
  const outside = errors.filter((e) => !lists.some((l) => itemIndex(e, l) !== null))
  if (outside.length > 0 || lists.length === 0)
    throw unreadable(op.what(body), describeProblem(outside.length > 0 ? outside : errors))
  const record = body as Record<string, unknown>
  const unreadableItems: UnreadableItem[] = []
  for (const list of lists) {
    const items = record[list.field] as unknown[]
    const bad = new Set(errors.map((e) => itemIndex(e, list)).filter((i): i is number => i !== null))
    for (const position of [...bad].sort((a, b) => a - b)) {
      const base = `/${list.field}/${position}`
      const own = errors.filter((e) => e.instancePath === base || e.instancePath.startsWith(`${base}/`))
      unreadableItems.push({
        list: list.field,
        position,
        id: idAt(items[position], list.idField),
        problem: describeProblem(own, base),
      })
    }
    record[list.field] = items.filter((_item, i) => !bad.has(i))
  }
  // What is left must conform whole; anything else was not the items' doing.
  if (!validate(body)) throw unreadable(op.what(body), describeProblem(validate.errors ?? []))
  return Object.assign(body, { unreadableItems })
}

/** The index of the item of `list` an error is about (an error about the list itself is not an item's). */
function itemIndex(error: ErrorObject, list: ItemList): number | null {
  const match = new RegExp(`^/${list.field}/(\\d+)(/|$)`).exec(error.instancePath)
  return match ? Number(match[1]) : null
}

function unreadable(what: string, problem: string): ApiError {
  return new ApiError({
    kind: 'unreadable',
    message: UNREADABLE_ANSWER_MESSAGE(what, problem),
    status: 200,
    retryable: false,
  })
}

/** The API id at `path` inside `value`, or null when there is none that reads as an id. */
function idAt(value: unknown, ...path: string[]): string | null {
  let cur = value
  for (const key of path)
    cur =
      typeof cur === 'object' && cur !== null && !Array.isArray(cur) ? (cur as Record<string, unknown>)[key] : undefined
  return typeof cur === 'string' && API_ID_PATTERN.test(cur) ? cur : null
}

function withId(prefix: string, id: string | null, otherwise: string): string {
  return id ? `${prefix} ${id}` : otherwise
}
