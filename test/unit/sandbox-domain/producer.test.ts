import { describe, expect, it } from 'vitest'
import { createWorld } from '../../../sandbox/domain'
import { MAX_UNOPENED } from '../../../sandbox/domain/producer'
import { harness, T0 } from './harness'

describe('the simulated producer', () => {
  it('approves a delivered take: take approved, job approved and completed, timeline by the producer', async () => {
    const h = await harness()
    const job = h.world.state().jobs.find((j) => j.stage === 'delivered' && j.status === 'pending')!
    const ev = await h.world.producer.approve(job.job_id)
    expect(ev).toEqual({ action: 'approve', job_id: job.job_id })
    const after = h.world.state().jobs.find((j) => j.job_id === job.job_id)!
    expect([after.status, after.stage]).toEqual(['completed', 'approved'])
    expect(after.deliveries.filter((d) => d.status === 'approved').length).toBe(1)
    expect(after.timeline.at(-1)).toMatchObject({ actor: 'producer', kind: 'approved', at: T0 })
    expect(await h.world.producer.approve(job.job_id)).toBeNull() // nothing left to approve
  })

  it('requests changes with note, by and needed_by, and the job is due by then', async () => {
    const h = await harness()
    const job = h.world.state().jobs.find((j) => j.stage === 'delivered' && j.status === 'pending')!
    await h.world.producer.requestChanges(job.job_id)
    const detail = (await h.call('getJob', { params: { job_id: job.job_id } })).job as Record<string, unknown>
    expect(detail.stage).toBe('changes_requested')
    expect(detail.changes_request).toMatchObject({ at: T0, by: job.producer!.name, needed_by: '2025-03-12' })
    expect(detail.changes_due).toBe('2025-03-12')
    expect(detail.due_state).toBe('soon')
    expect((detail.can as { deliver: boolean }).deliver).toBe(true)
    expect((detail.timeline as { kind: string }[]).at(-1)!.kind).toBe('changes_requested')
  })

  it('changes a script: new revision, script_change with previous and current text, script_changed true', async () => {
    const h = await harness()
    const job = h.world
      .state()
      .jobs.find((j) => j.stage === 'accepted' && j.script.kind === 'typed' && !j.spot_cancelled && !j.script_change)!
    const oldRevision = job.script.revision_id
    const oldText = job.script.text
    await h.world.producer.changeScript(job.job_id)
    const detail = (await h.call('getJob', { params: { job_id: job.job_id } })).job as Record<string, unknown>
    const change = detail.script_change as {
      previous_text: string
      current_text: string
      since: string
      changed_at: number
    }
    expect(change).toMatchObject({ previous_text: oldText, since: 'accepted', changed_at: T0 })
    expect(change.current_text).not.toBe(oldText)
    expect((detail.script as { revision_id: string; text: string }).revision_id).not.toBe(oldRevision)
    expect((detail.script as { text: string }).text).toBe(change.current_text)
    expect(detail.script_changed).toBe(true)
    expect((detail.can as { ack_script: boolean }).ack_script).toBe(true)
  })

  it('sends a new job (sent, unopened) and stops while too many are unopened', async () => {
    const h = await harness()
    const before = h.world.state().jobs.length
    const ev = await h.world.producer.sendJob()
    expect(ev?.action).toBe('send_job')
    const job = h.world.state().jobs.find((j) => j.job_id === ev!.job_id)!
    expect(h.world.state().jobs.length).toBe(before + 1)
    expect(job).toMatchObject({ stage: 'sent', status: 'pending', unopened: true, requested_at: T0 })
    expect(job.pronunciations.every((p) => job.script.text.includes(p.word))).toBe(true)
    while (h.world.state().jobs.filter((j) => j.unopened && j.status === 'pending').length < MAX_UNOPENED)
      await h.world.producer.sendJob()
    expect(await h.world.producer.sendJob()).toBeNull()
  })

  it('steps deterministically from the seed, and on its own timer through tick', async () => {
    const run = async () => {
      const h = await harness({ seed: 5 })
      const events = []
      for (let i = 0; i < 6; i++) events.push(await h.world.producer.step())
      return events
    }
    const a = await run()
    expect(a).toEqual(await run())
    expect(a.filter(Boolean).length).toBeGreaterThan(0)

    let t = T0
    const w = await createWorld({ now: () => t, producer: { intervalMs: 60_000 }, seed: 5 })
    const snapshot = () => JSON.stringify(w.state().jobs)
    w.tick(t) // schedules the first step
    const first = snapshot()
    t += 30_000
    w.tick(t)
    expect(snapshot()).toBe(first) // not yet due
    t += 30_000
    w.tick(t)
    await w.save()
    expect(snapshot()).not.toBe(first)
    await w.close()
    t += 60_000
    w.tick(t) // closed: nothing happens
    expect(w.state().producer_next_at).toBe(T0 + 120_000)
  })
})
