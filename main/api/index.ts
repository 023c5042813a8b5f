/** Booth's talent API client: what the rest of main/ imports. */
export { createTalentClient, type TalentClient } from './client'
export type { CallOptions, Result, TalentClientOptions, WriteOptions, WriteResult } from './call-runner'
export { ApiError, ApiKeyError, isApiError, isAuthFailure, isOfflineKindError, neverReachedService, type ApiErrorKind } from './errors'
export { MAX_JSON_ANSWER_BYTES } from './answer-limits'
export { IDEMPOTENCY_KEY_PATTERN, newIdempotencyKey } from './idempotency'
export type { ApiLogEvent, ApiLogHook } from './request-log'
export { DEFAULT_RETRY_OPTIONS, type RetryOptions } from './retry-policy'
export { TIMESTAMP_FIELDS, toMilliseconds } from './timestamps'
