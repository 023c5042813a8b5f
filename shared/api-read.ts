/**
 * The talent API's answers as Booth reads them (main/api/answer-door.ts checks each one against
 * resources/api/talent-v1.yaml where it enters Booth): a string enum value the document does not name is
 * read as 'unknown', so every enum field of an answer may also be 'unknown'. Types of answers that
 * crossed the door are `AsRead<…>` of the generated ones.
 */

/** The value an enum field of an answer has when the service sent one the API document does not name. */
export const UNKNOWN_ENUM_VALUE = 'unknown'

export type AsRead<T> = T extends string
  ? string extends T
    ? T
    : T | typeof UNKNOWN_ENUM_VALUE
  : T extends readonly (infer U)[]
    ? AsRead<U>[]
    : T extends object
      ? { [K in keyof T]: AsRead<T[K]> }
      : T

/**
 * The field Booth adds to a job (summary or detail) that came through the answer door with parts of it
 * left out (main/api/answer-mend.ts): one plain sentence per kind of part left out, e.g. "One
 * pronunciation from the producer could not be read and is not shown." A service's own field of that name
 * is never kept. Absent when nothing was left out.
 */
export const LEFT_OUT_FIELD = 'booth_left_out'

export interface LeftOutNotes {
  booth_left_out?: string[]
}

/** The plain notes of the parts Booth left out of a job, none when nothing was. */
export function leftOutNotes(job: LeftOutNotes): readonly string[] {
  return Array.isArray(job.booth_left_out) ? job.booth_left_out.filter((n): n is string => typeof n === 'string') : []
}
