import { describe, expect, it } from 'vitest'
import { createDispatcher, type BridgeHandlers } from '../../../main/bridge/dispatch'
import { describeAndLog, describeError, failureLogLine, UserFacingError } from '../../../main/bridge/describe-error'
import { BridgeArgumentError } from '../../../shared/check'
import { FileGrants, ONLY_GIVEN_FILES } from '../../../main/security/file-grants'

const calls: Array<[string, unknown]> = []
const handlers = new Proxy({} as BridgeHandlers, {
  get: (_t, name: string) => async (args: unknown) => {
    calls.push([name, args])
    return { echoed: args }
  },
})
const dispatch = createDispatcher(handlers)
const query = { tab: 'pending', filter: 'all', customer_id: null, voice_id: null, q: null, page: 1, page_size: 25 }

async function refused(name: string, args: unknown): Promise<string> {
  const err = await dispatch(name, args).then(
    () => null,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(BridgeArgumentError)
  const failure = describeError(err)
  expect(failure.status).toBe(400)
  return failure.message
}

describe('bridge dispatch', () => {
  it('passes checked arguments through to the handler', async () => {
    await expect(dispatch('listJobs', query)).resolves.toEqual({ echoed: query })
    await expect(dispatch('getJob', { jobId: '42' })).resolves.toEqual({ echoed: { jobId: '42' } })
  })

  it('refuses a call the contract does not name, without reaching any handler', async () => {
    const before = calls.length
    expect(await refused('deleteEverything', {})).toMatch(/no call named “deleteEverything”/)
    expect(await refused('__proto__', {})).toMatch(/no call named/)
    expect(calls.length).toBe(before)
  })

  it('refuses bad arguments with a sentence naming the field', async () => {
    expect(await refused('listJobs', { ...query, page: 0 })).toBe('listJobs.page must be at least 1.')
    expect(await refused('listJobs', { ...query, page_size: 30 })).toBe(
      'listJobs.page_size must be one of 25, 50, 100.',
    )
    expect(await refused('listJobs', { ...query, q: 'x'.repeat(101) })).toBe(
      'listJobs.q must be at most 100 characters.',
    )
    expect(await refused('listJobs', { ...query, tab: 'archived' })).toMatch(
      /tab must be one of pending, completed, declined/,
    )
    expect(await refused('getJob', { jobId: '0' })).toBe('getJob.jobId is not in the expected format.')
    expect(await refused('getJob', { jobId: 7 })).toBe('getJob.jobId must be text.')
    expect(await refused('getJob', { jobId: '7', extra: true })).toBe('getJob.extra is not an accepted field.')
    expect(await refused('getJob', [])).toBe('getJob must be an object.')
    expect(await refused('signIn', { baseUrl: 'https://x.example', apiKey: 'short' })).toMatch(
      /apiKey must be at least 8/,
    )
    expect(
      await refused('listPendingScripts', { jobIds: Array.from({ length: 101 }, (_, i) => String(i + 1)) }),
    ).toMatch(/at most 100 items/)
  })

  it('refuses the names every object inherits as unknown fields (own fields only)', async () => {
    for (const name of ['constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      expect(await refused('getJob', { jobId: '7', [name]: 1 })).toBe(`getJob.${name} is not an accepted field.`)
    }
    // JSON.parse makes "__proto__" an own field of what the page sent.
    expect(await refused('getJob', JSON.parse('{"jobId":"7","__proto__":{"admin":true}}'))).toBe(
      'getJob.__proto__ is not an accepted field.',
    )
  })

  it('hands importTake only a file main gave an id for, once; any other path gets one sentence that tells nothing', async () => {
    const files = new FileGrants()
    const withFiles = createDispatcher(handlers, { files })
    const id = files.grant('/data/incoming/ab12/take.wav')
    await expect(withFiles('importTake', { jobId: '42', path: id })).resolves.toEqual({
      echoed: { jobId: '42', path: '/data/incoming/ab12/take.wav' },
    })
    const before = calls.length
    const answers = []
    for (const path of [
      id,
      '/etc/passwd',
      '/home/t/.zshrc',
      '/dev/zero',
      '/nothing/there.wav',
      'file-made-up',
      '../x.wav',
    ]) {
      const err = await withFiles('importTake', { jobId: '42', path }).then(
        () => null,
        (e: unknown) => e,
      )
      expect(err).toBeInstanceOf(BridgeArgumentError)
      answers.push(describeError(err))
    }
    expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(
      new Set([JSON.stringify({ status: 400, kind: 'bad_request', message: ONLY_GIVEN_FILES })]),
    )
    // A dispatcher given no grants names no file at all.
    expect(await refused('importTake', { jobId: '42', path: '/tmp/take.wav' })).toBe(ONLY_GIVEN_FILES)
    expect(calls.length).toBe(before)
  })

  it('keeps the newest ids when a window asks for many', () => {
    const files = new FileGrants(3)
    const ids = ['a', 'b', 'c', 'd'].map((p) => files.grant(p))
    expect(files.take(ids[0] as string)).toBeNull()
    expect(ids.slice(1).map((id) => files.take(id))).toEqual(['b', 'c', 'd'])
  })

  it('turns unexpected failures into a sentence without internals', () => {
    const failure = describeError(new TypeError('Cannot read properties of undefined (reading secretThing)'))
    expect(failure).toEqual({
      status: 500,
      kind: 'internal',
      message: 'Something went wrong inside Booth. The log has the details.',
    })
  })

  it('logs every failure of Booth’s own (a 500), the internal and the worded, and no other', () => {
    expect(failureLogLine(describeError(new TypeError('x')))).toBe('a bridge call failed')
    expect(
      failureLogLine(describeError(new UserFacingError('download_failed', 'The file could not be saved: EIO.', 500))),
    ).toBe('a bridge call failed in words')
    expect(failureLogLine(describeError(new UserFacingError('not_found', 'That take is gone.', 404)))).toBeNull()
    expect(failureLogLine(describeError(new BridgeArgumentError('bad')))).toBeNull()
    expect(
      failureLogLine(describeError(new UserFacingError('download_failed', 'The download failed (HTTP 404).', 502))),
    ).toBeNull()
  })

  it('describes a failure and logs Booth’s own with where it happened, its kind and the error', () => {
    const logged: Array<[string, unknown]> = []
    const log = { error: (line: string, fields?: unknown) => void logged.push([line, fields]) }
    const broken = new TypeError('x')
    expect(describeAndLog(broken, log, { where: '/bridge/call/listTakes' })).toEqual(describeError(broken))
    expect(
      describeAndLog(new UserFacingError('not_found', 'That take is gone.', 404), log, { where: '/media/a.wav' }),
    ).toMatchObject({ status: 404 })
    expect(logged).toEqual([
      ['a bridge call failed', { where: '/bridge/call/listTakes', kind: 'internal', err: broken }],
    ])
  })
})
