/**
 * Reading one of Booth's JSON data files the way every one of them is read: a missing file gives the
 * fallback; a file that is there but is not JSON, or not what Booth expects, is moved aside with a time
 * stamp and recorded for the page (damaged-files.ts), and the fallback answers; the file is never
 * overwritten while it still holds the old data. A file that cannot be read at all (no permission, a disk
 * error) is left where it is and its error goes on: it is not known to be damaged.
 */
import { JsonFileError, readJsonFile } from './atomic-file'
import { setAsideDamagedFile, type DataFileAbout, type SetAsideRecord } from './damaged-files'

export interface JsonDataFileOptions<T> {
  /** Checks the parsed value and returns it typed; throws (with a readable message) when it does not fit. */
  validate: (value: unknown) => T
  /** What a missing or damaged file reads as. */
  fallback: T
  about: DataFileAbout
  now?: () => number
}

export interface JsonDataFileRead<T> {
  value: T
  /** The damaged file that was moved aside, or null when the file was fine or missing. */
  setAside: SetAsideRecord | null
}

export async function readJsonDataFile<T>(path: string, options: JsonDataFileOptions<T>): Promise<JsonDataFileRead<T>> {
  try {
    return {
      value: await readJsonFile(path, { fallback: options.fallback, validate: options.validate }),
      setAside: null,
    }
  } catch (err) {
    if (!(err instanceof JsonFileError) || (err.reason !== 'malformed' && err.reason !== 'invalid')) throw err
    const setAside = await setAsideDamagedFile(path, options.about, damageWords(err), options.now, err.message)
    return { value: options.fallback, setAside }
  }
}

/** What is wrong with the file, without its path (the page shows where the copy is kept). */
function damageWords(err: JsonFileError): string {
  // The parser's own sentence goes to the log (the record's `detail`): the page says what it means.
  if (err.reason === 'malformed')
    return err.message.includes('(it is empty)')
      ? 'it is empty'
      : 'it is not valid JSON: it may have been cut off while being written, or changed by another program'
  return `it does not hold what Booth expects (${err.cause instanceof Error ? err.cause.message : err.message})`
}
