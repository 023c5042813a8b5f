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
