/**
 * OS notifications from the core's polls of a real sandbox: a job the simulated producer sends raises
 * exactly one "new job" notification, never again on later polls nor after a restart on the same data
 * folder; a click on it reaches the window as a notificationClicked event. The in-app notification
 * centre's list, with what was read, is the same after a restart and empty after a sign-out.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  listRequests,
  makeCore,
  MemorySecretStore,
  pollOnce,
  removeTempDirs,
  settle,
  startTestSandbox,
  tempDir,
  waitFor,
  type TestCore,
  type TestSandbox,
} from './harness'

const KEY = 'notify-key-0123456789'
let sandbox: TestSandbox

// A sandbox per test: the producer sends no more jobs while six are unopened.
beforeEach(async () => {
  sandbox = await startTestSandbox({ dataDir: await tempDir('notify-sandbox'), keys: [{ token: KEY, scopes: '*' }] })
})
afterEach(() => sandbox.close())
afterAll(() => removeTempDirs())

/** A core on `dataDir` that resumes the stored session and has finished its first poll. */
async function launch(dataDir: string, secrets: MemorySecretStore): Promise<TestCore> {
  const t = await makeCore({ dataDir, secrets })
  await t.core.start({ autoDemo: false })
  if (t.core.session.get().mode !== 'signed_in') await t.core.handlers.signIn({ baseUrl: sandbox.url, apiKey: KEY })
  await waitFor('the first poll', () => listRequests(t.requests).length >= 1 && t.eventsOf('jobs').length >= 1)
  await settle(t)
  return t
}

/** The jobs a "new job" notification was raised for, in order. */
function newJobs(t: TestCore): string[] {
  return t.notifier.shown.filter((s) => s.notification.kind === 'new_job').map((s) => s.notification.jobId)
}

async function sendJob(): Promise<string> {
  const event = await sandbox.world.producer.sendJob()
  if (!event) throw new Error('the simulated producer did not send a job')
  return event.job_id
}

describe('new-job notifications', () => {
  it('raise once per job, survive a restart without repeating, and report clicks', async () => {
    const dataDir = await tempDir('notify-core')
    const secrets = new MemorySecretStore()

    const first = await launch(dataDir, secrets)
    // A first launch only records what already holds: the seed world's due and changed jobs raise nothing.
    expect(first.notifier.shown).toEqual([])

    const jobId = await sendJob()
    const advertiser = sandbox.world.state().jobs.find((j) => j.job_id === jobId)?.advertiser
    await pollOnce(first)
    expect(first.notifier.shown.map((s) => s.notification)).toEqual([
      {
        kind: 'new_job',
        jobId,
        title: `New job: ${advertiser}`,
        body: expect.stringMatching(/ is waiting for you\.( It is (due soon|due today|already overdue)[^.]*\.)?$/),
      },
    ])

    await pollOnce(first)
    await pollOnce(first)
    expect(first.notifier.shown).toHaveLength(1)

    first.notifier.shown[0]?.click()
    expect(first.eventsOf('notificationClicked')).toEqual([{ jobId }])
    await first.core.close()

    const second = await launch(dataDir, secrets)
    expect(second.core.session.get().mode).toBe('signed_in')
    await pollOnce(second)
    expect(second.notifier.shown).toEqual([])
    await second.core.close()

    // A job sent while Booth was closed is news at the next launch; the first one still is not.
    const whileClosed = await sendJob()
    const third = await launch(dataDir, secrets)
    expect(newJobs(third)).toEqual([whileClosed])
    // A new job may also be due soon: that is a second kind, about the same job only.
    expect(new Set(third.notifier.shown.map((s) => s.notification.jobId))).toEqual(new Set([whileClosed]))
    const raised = third.notifier.shown.length
    await pollOnce(third)
    expect(third.notifier.shown).toHaveLength(raised)
    await third.core.close()
  })

  it('raise nothing for a kind the person turned off, and nothing later when it is turned back on', async () => {
    const t = await launch(await tempDir('notify-off'), new MemorySecretStore())
    const settings = await t.core.handlers.setNotificationSettings({ new_job: false })
    expect(settings.new_job).toBe(false)
    await sendJob()
    await pollOnce(t)
    expect(newJobs(t)).toEqual([])
    await t.core.handlers.setNotificationSettings({ new_job: true })
    await pollOnce(t)
    expect(newJobs(t)).toEqual([])
    const next = await sendJob()
    await pollOnce(t)
    expect(newJobs(t)).toEqual([next])
    await t.core.close()
  })
})

describe('script-change notifications', () => {
  it('raise one for every revision of a job’s script, also a second one while the first is unacknowledged', async () => {
    const t = await launch(await tempDir('notify-revisions'), new MemorySecretStore())
    const job = sandbox.world
      .state()
      .jobs.find(
        (j) =>
          j.status === 'pending' &&
          !j.unopened &&
          !j.spot_cancelled &&
          j.script.kind === 'typed' &&
          j.script.html !== null &&
          j.script_change === null,
      )
    if (!job) throw new Error('the seed world has no opened job with a typed script')
    const changes = () =>
      t.notifier.shown
        .filter((s) => s.notification.kind === 'script_changed' && s.notification.jobId === job.job_id)
        .map((s) => s.notification.body)
    expect(await sandbox.world.producer.changeScript(job.job_id)).not.toBeNull()
    await pollOnce(t)
    expect(changes()).toEqual([expect.stringMatching(/: the script was revised\.$/)])
    await pollOnce(t)
    expect(changes()).toHaveLength(1)
    // The producer revises again before any take is delivered: the list's flag stays up, the revision moves on.
    expect(await sandbox.world.producer.changeScript(job.job_id)).not.toBeNull()
    await pollOnce(t)
    expect(changes()).toEqual([
      expect.stringMatching(/revised\.$/),
      expect.stringMatching(/: the script was revised again\.$/),
    ])
    await pollOnce(t)
    expect(changes()).toHaveLength(2)
    // Reading the revisions never opened a job that was still unopened.
    const unopened = sandbox.world
      .state()
      .jobs.filter((j) => j.unopened)
      .map((j) => j.job_id)
    const read = t.requests
      .filter((r) => r.method === 'GET' && /\/jobs\/[^/]+$/.test(r.path))
      .map((r) => r.path.split('/').pop())
    expect(read.filter((id) => unopened.includes(id ?? ''))).toEqual([])
    await t.core.close()
  })
})

describe('the notification centre list', () => {
  it('is the same after a restart, read flags kept, and empty after a sign-out', async () => {
    const dataDir = await tempDir('notices-core')
    const secrets = new MemorySecretStore()
    const first = await launch(dataDir, secrets)
    const jobId = await sendJob()
    await pollOnce(first)
    const raised = await first.core.handlers.listNotices({})
    const notice = raised.items.find((n) => n.kind === 'new_job' && n.jobId === jobId)
    expect(notice?.read).toBe(false)
    const read = await first.core.handlers.markNoticesRead({ ids: [notice?.id ?? ''] })
    expect(read.items.find((n) => n.id === notice?.id)?.read).toBe(true)
    await first.core.close()

    const second = await launch(dataDir, secrets)
    expect(await second.core.handlers.listNotices({})).toEqual(read)
    await second.core.handlers.signOut({})
    expect(await second.core.handlers.listNotices({})).toEqual({ items: [], unread: 0 })
    await second.core.close()

    const third = await makeCore({ dataDir, secrets })
    await third.core.start({ autoDemo: false })
    expect(await third.core.handlers.listNotices({})).toEqual({ items: [], unread: 0 })
    await third.core.close()
  })
})
