import { describe, expect, it } from 'vitest'
import { startSandbox } from '../../../sandbox/server'
import { createFakeWorld } from './fake-world'
import { startHarness } from './harness'

describe('errors and lifecycle', () => {
  it('answers 500 server_error without internal detail for an unexpected failure, and logs it', async () => {
    const h = await startHarness()
    try {
      const a = await h.call('GET', '/api/v1/jobs/13')
      expect(a.status).toBe(500)
      expect(a.body.error).toBe('server_error')
      expect(a.text).not.toMatch(/database|fire/)
      expect(h.logs.join('\n')).toMatch(/database on fire/)
    } finally {
      await h.close()
    }
  })

  it('logs a success answer that does not follow the API document', async () => {
    const world = createFakeWorld()
    world.operations.getConsent = () => ({ consent: { set: 'maybe' } })
    const logs: string[] = []
    const sb = await startSandbox({
      world,
      keys: [{ token: 'lifecycle-token', scopes: '*' }],
      log: (l) => logs.push(l),
    })
    try {
      const res = await fetch(`${sb.url}/api/v1/consent`, { headers: { authorization: 'Bearer lifecycle-token' } })
      expect(res.status).toBe(200)
      expect(logs.join('\n')).toMatch(/getConsent answered outside the API document/)
    } finally {
      await sb.close()
    }
  })

  it('ticks the world on a timer with the injected clock, and stops on close without closing a world it did not create', async () => {
    const world = createFakeWorld()
    const sb = await startSandbox({ world, now: () => 42_000, tickIntervalMs: 20, log: () => {} })
    await new Promise((r) => setTimeout(r, 150))
    expect(world.ticks.length).toBeGreaterThanOrEqual(2)
    expect(world.ticks.every((t) => t === 42_000)).toBe(true)
    await sb.close()
    const count = world.ticks.length
    await new Promise((r) => setTimeout(r, 80))
    expect(world.ticks.length).toBe(count)
    expect(world.saved).toBe(0)
    await expect(fetch(`${sb.url}/api/v1/me`)).rejects.toThrow()
    await sb.close() // a second close is harmless
  })
})
