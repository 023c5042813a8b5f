/**
 * The rules that keep a delivery from being abandoned or cancelled blind: which failures leave the
 * outcome of a POST unknown, how waits the service asked for are parked, and the list of unused uploads
 * to delete later.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { ApiError, type ApiErrorKind } from '../../../main/api/errors'
import { ABANDONED_FILE, AbandonedUploads } from '../../../main/delivery/abandoned-uploads'
import {
  askedWaitMs,
  classifyDeliveryFailure,
  NotSignedInError,
  postMayHaveArrived,
} from '../../../main/delivery/delivery-errors'
import { clockTime } from '../../../shared/clock-time'
import { DeliveryQueue } from '../../../main/delivery/delivery-queue'
import { QUEUE_FILE, saveQueueFile, type QueueItem } from '../../../main/delivery/delivery-queue-file'
import { UploadFailedError } from '../../../main/delivery/uploader'
import { quietLog, SwitchableOnline } from './delivery-fixture'

const dirs: string[] = []
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })))
})

const apiError = (status: number, retryable: boolean, extra: Partial<ConstructorParameters<typeof ApiError>[0]> = {}) =>
  new ApiError({ kind: 'api', message: `answered ${status}`, status, code: 'x', retryable, ...extra })

describe('whether a failed delivery POST may have arrived', () => {
  it('only a definitive refusal of the key proves nothing was recorded', () => {
    expect(postMayHaveArrived(apiError(400, false))).toBe(false)
    expect(postMayHaveArrived(apiError(422, false))).toBe(false)
    expect(postMayHaveArrived(new NotSignedInError())).toBe(false)
    // A retry answered 503/429/409 may follow an attempt whose answer was lost: unknown.
    expect(postMayHaveArrived(apiError(503, true))).toBe(true)
    expect(postMayHaveArrived(apiError(429, true))).toBe(true)
    expect(postMayHaveArrived(apiError(409, true))).toBe(true)
  })

  it('every failure without a definitive answer leaves it unknown, whatever its kind', () => {
    const kinds: ApiErrorKind[] = [
      'unreachable',
      'refused',
      'network',
      'cut_off',
      'connect_timeout',
      'timeout',
      'certificate',
      'non_json',
      'too_large',
      'invalid_response',
      'aborted',
    ]
    fc.assert(
      fc.property(
        fc.constantFrom(...kinds),
        fc.boolean(),
        fc.option(fc.integer({ min: 100, max: 599 })),
        (kind, retryable, status) => {
          expect(postMayHaveArrived(new ApiError({ kind, message: 'm', status, retryable }))).toBe(true)
        },
      ),
    )
  })
})

describe('waits the service asked for', () => {
  it('reads waitUntil before retryAfterMs, and parks waits over a minute with the time in words', () => {
    const now = Date.UTC(2026, 10, 23, 13, 0, 0)
    expect(askedWaitMs({ waitUntil: now + 3_600_000, retryAfterMs: 5 }, now)).toBe(3_600_000)
    expect(askedWaitMs({ retryAfterMs: 2_000 }, now)).toBe(2_000)
    expect(askedWaitMs({}, now)).toBeNull()
    const parked = classifyDeliveryFailure(apiError(429, true, { waitUntil: now + 3_600_000 }), now)
    expect(parked).toEqual({
      kind: 'wait',
      retryAfterMs: 3_600_000,
      message: `The service asked Booth to wait until ${clockTime(now + 3_600_000)}; this delivery goes out by itself then.`,
    })
    const short = classifyDeliveryFailure(apiError(503, true, { retryAfterMs: 5_000 }), now)
    expect(short).toEqual({ kind: 'wait', retryAfterMs: 5_000, message: 'answered 503' })
    const upload = classifyDeliveryFailure(
      new UploadFailedError('Uploading x failed: the server answered 429.', 429, undefined, 7_200_000),
      now,
    )
    expect(upload).toMatchObject({ kind: 'wait', retryAfterMs: 7_200_000 })
    expect(classifyDeliveryFailure(apiError(400, false), now).kind).toBe('fail')
  })

  it("a call Booth ended itself (quitting) waits, same delivery: it is not the service's answer", () => {
    const ended = classifyDeliveryFailure(
      new ApiError({ kind: 'aborted', message: 'The request was cancelled.', status: null, retryable: false }),
    )
    expect(ended).toEqual({
      kind: 'wait',
      retryAfterMs: null,
      message: 'Booth stopped before the service answered; this delivery goes out again, as the same delivery.',
    })
  })

  it('says clock times as HH:MM for any instant', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), (ms) => {
        expect(clockTime(ms)).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/)
      }),
    )
  })
})

describe('unused uploads to delete later', () => {
  it('keeps handles whose DELETE failed, drops those that worked, ignores what is not a handle, and survives a damaged file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'booth-abandoned-'))
    dirs.push(dir)
    const list = new AbandonedUploads(dir, quietLog())
    const a = 'a'.repeat(32)
    const b = 'b'.repeat(32)
    await list.add(a)
    await list.add(b)
    await list.add(a)
    await list.add('../../etc/passwd')
    expect(await list.list()).toEqual([a, b])
    const tried: string[] = []
    await list.sweep(async (h) => {
      tried.push(h)
      return h === a
    })
    expect(tried).toEqual([a, b])
    expect(await list.list()).toEqual([b])
    expect(JSON.parse(await readFile(join(dir, ABANDONED_FILE), 'utf8'))).toEqual([{ handle: b, tries: 1 }])
    await writeFile(join(dir, ABANDONED_FILE), '{not json')
    expect(await list.list()).toEqual([])
  })
})

describe("a delivery held for a cancel's check when Booth quit", () => {
  it('is waiting again after a restart (confirmed by itself, never left paused); a paused upload stays paused', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'booth-held-'))
    dirs.push(dir)
    const base: QueueItem = {
      takeId: 'held',
      jobId: '101',
      label: 'main',
      note: null,
      queuedAt: 1,
      status: 'paused',
      message: 'Checking with the service whether this take was already delivered.',
      attempts: 2,
      nextAttemptAt: null,
      mayHaveArrived: true,
      file: null,
      waitUntil: null,
    }
    await saveQueueFile(join(dir, QUEUE_FILE), [
      base,
      { ...base, takeId: 'paused-upload', mayHaveArrived: false, message: 'Paused.' },
    ])
    const queue = new DeliveryQueue({
      dataDir: dir,
      send: async () => undefined,
      classify: () => ({ kind: 'fail', message: 'no' }),
      online: new SwitchableOnline(true),
      now: Date.now,
      log: quietLog(),
      onChange: () => undefined,
    })
    await queue.load()
    expect(queue.list()).toMatchObject([
      { takeId: 'held', status: 'waiting', outcomeUnknown: true, canCancel: false },
      { takeId: 'paused-upload', status: 'paused', outcomeUnknown: false, canCancel: true },
    ])
  })
})
