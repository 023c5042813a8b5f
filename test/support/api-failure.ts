/** For the API client's tests: the ApiError a call failed with (the test fails if the call succeeds or fails otherwise). */
import { expect } from 'vitest'
import { ApiError } from '../../main/api/errors'

export async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => new Error('expected the call to fail'),
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}
