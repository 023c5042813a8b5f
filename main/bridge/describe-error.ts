/**
 * Turns anything thrown while serving a bridge call into what the page may see: a kind and one sentence.
 * Never a stack trace, never a secret; unexpected failures are logged by the caller, not shown in detail.
 */
import { BridgeArgumentError } from '../../shared/check'
import { isApiError } from '../api/errors'
import { DiskProblemError, diskFaultOf, diskWords } from '../storage/disk-problem'
import type { Log, LogFields } from '../logging/redacting-log'

export interface BridgeFailure {
  status: number
  kind: string
  message: string
}

/** An error a service throws on purpose, with words meant for the person. */
export class UserFacingError extends Error {
  constructor(
    readonly kind: string,
    message: string,
    readonly status = 409,
  ) {
    super(message)
    this.name = 'UserFacingError'
  }
}

export function describeError(err: unknown): BridgeFailure {
  if (err instanceof BridgeArgumentError) return { status: 400, kind: 'bad_request', message: err.message }
  if (err instanceof UserFacingError) return { status: err.status, kind: err.kind, message: err.message }
  if (isApiError(err))
    return { status: 502, kind: err.kind === 'api' ? `api:${err.code ?? 'error'}` : err.kind, message: err.message }
  if (err instanceof DiskProblemError) return { status: 507, kind: 'disk', message: err.message }
  // A write that failed on the disk, from any call that did not say it in its own words (see disk-problem.ts).
  const fault = diskFaultOf(err)
  if (fault) {
    const words = diskWords(fault, { dataDir: fault.path ?? 'Booth’s data folder', free: null, again: 'try again' })
    return { status: 507, kind: 'disk', message: `${words.what} ${words.todo}` }
  }
  const status = typeof (err as { status?: unknown })?.status === 'number' ? (err as { status: number }).status : 500
  if (status === 413) return { status, kind: 'bad_request', message: 'That request was too large.' }
  return { status: 500, kind: 'internal', message: 'Something went wrong inside Booth. The log has the details.' }
}

/**
 * What the log says of a failure the page is shown, or null when it is not Booth's own. Booth's own is a
 * 500: an internal one, or one in words that still means Booth failed (a download it could not save). Not
 * logged here: a refused argument (4xx), the service's answer (502: the API client logs its requests) and
 * a disk problem told in words (507).
 */
export function failureLogLine(failure: BridgeFailure): string | null {
  if (failure.status !== 500) return null
  return failure.kind === 'internal' ? 'a bridge call failed' : 'a bridge call failed in words'
}

/**
 * describeError for a bridge call that failed, logging it when it is Booth's own (failureLogLine) with
 * `fields` (where it happened, or which call), its kind and the error: the web host, the desktop's IPC
 * bridge and the tests standing in for them log alike.
 */
export function describeAndLog(err: unknown, log: Pick<Log, 'error'>, fields: LogFields = {}): BridgeFailure {
  const failure = describeError(err)
  const line = failureLogLine(failure)
  if (line) log.error(line, { ...fields, kind: failure.kind, err })
  return failure
}
