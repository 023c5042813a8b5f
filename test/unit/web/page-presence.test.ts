/**
 * Which tabs of the web host are there (main/web/page-presence.ts): a page's beacon says it is gone at
 * once; its last event stream closing says so only if no stream of that page opens again within the wait
 * (a live page that dropped a silent stream reconnects and is never taken for gone). Timers are the test's.
 */
import { describe, expect, it } from 'vitest'
import { pagePresence, type PagePresenceTimers } from '../../../main/web/page-presence'

function fakeTimers() {
  let due: Array<{ fn: () => void; at: number; h: number }> = []
  let now = 0
  let n = 0
  const timers: PagePresenceTimers = {
    setTimeout: (fn, ms) => {
      due.push({ fn, at: now + ms, h: ++n })
      return n
    },
    clearTimeout: (h) => void (due = due.filter((d) => d.h !== h)),
  }
  const advance = (ms: number) => {
    now += ms
    const ready = due.filter((d) => d.at <= now)
    due = due.filter((d) => d.at > now)
    for (const d of ready) d.fn()
  }
  return { timers, advance, pending: () => due.length }
}

function watched() {
  const t = fakeTimers()
  const log: string[] = []
  const pages = pagePresence({
    timers: t.timers,
    backWithinMs: 6000,
    present: (p, there) => log.push(`${p} ${there ? 'there' : 'not there'}`),
    gone: (p, cause) => log.push(`${p} gone ${cause}`),
  })
  return { ...t, log, pages }
}

describe('the web host’s tabs', () => {
  it('a beacon: gone at once; its stream closing after it says nothing more', () => {
    const w = watched()
    w.pages.streamOpened('tab:a')
    w.pages.beacon('tab:a')
    expect(w.log).toEqual(['tab:a there', 'tab:a not there', 'tab:a gone went_away'])
    w.pages.streamClosed('tab:a')
    w.advance(10_000)
    expect(w.log).toHaveLength(3)
  })

  it('a stream lost and opened again by the same page: never gone', () => {
    const w = watched()
    w.pages.streamOpened('tab:a')
    w.pages.streamClosed('tab:a')
    w.advance(4_000)
    w.pages.streamOpened('tab:a')
    w.advance(10_000)
    expect(w.log).toEqual(['tab:a there', 'tab:a there'])
    expect(w.pending()).toBe(0)
  })

  it('a stream lost for good (a tab killed): gone once the wait is over, and another tab is not', () => {
    const w = watched()
    w.pages.streamOpened('tab:a')
    w.pages.streamOpened('tab:b')
    w.pages.streamClosed('tab:a')
    w.advance(5_999)
    expect(w.log).not.toContain('tab:a gone went_away')
    w.advance(1)
    expect(w.log).toEqual(['tab:a there', 'tab:b there', 'tab:a not there', 'tab:a gone went_away'])
  })

  it('one of two streams of a page closing is not its going; the host closing judges nothing', () => {
    const w = watched()
    w.pages.streamOpened('tab:a')
    w.pages.streamOpened('tab:a')
    w.pages.streamClosed('tab:a')
    w.advance(10_000)
    expect(w.log).toEqual(['tab:a there', 'tab:a there'])
    w.pages.close()
    w.pages.streamClosed('tab:a')
    w.pages.beacon('tab:a')
    w.advance(10_000)
    expect(w.log).toHaveLength(2)
  })
})
