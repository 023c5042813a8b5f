/**
 * The recorder's one state machine (renderer/src/takes/recorder/recorder-machine.ts), a take's and a punch's:
 * every guard, and (fast-check) that no sequence of events leaves it in a state outside its phases, refuses
 * without a reason, or captures audio in a phase that is not pre-roll, recording or punch. Its table:
 * recorder-transitions.test.ts.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  INITIAL_RECORDER_STATE,
  isCapturing,
  oldTakePlays,
  RECORDER_PHASES,
  recorderMode,
  transition,
  type PunchTarget,
  type RecorderEvent,
  type RecorderState,
} from '../../../../../renderer/src/takes/recorder/recorder-machine'

const target: PunchTarget = { takeId: 't1', sentence: 2, prerollFrame: 48_000, punchFrame: 200_000, sampleRate: 48_000 }
const run = (events: RecorderEvent[], from: RecorderState = INITIAL_RECORDER_STATE) =>
  events.reduce((s, e) => transition(s, e).state, from)

describe('the recorder phases', () => {
  it('records a take: count-in beats, recording, stop, stopped', () => {
    let s = transition(INITIAL_RECORDER_STATE, { type: 'start', mode: { kind: 'take' }, countInBeats: 2 }).state
    expect(s).toEqual({ phase: 'count_in', mode: { kind: 'take' }, beatsLeft: 2 })
    s = run([{ type: 'beat' }], s)
    expect(s.phase).toBe('count_in')
    s = run([{ type: 'beat' }], s)
    expect(s).toEqual({ phase: 'recording' })
    expect(isCapturing(s)).toBe(true)
    s = run([{ type: 'stop' }], s)
    expect(s).toEqual({ phase: 'stopping', keep: true, mode: { kind: 'take' } })
    expect(run([{ type: 'stopped' }], s)).toEqual({ phase: 'idle' })
  })

  it('punches and rolls: pre-roll plays the old take, the punch point starts the punch, the old take falls silent unless kept playing', () => {
    let s = transition(INITIAL_RECORDER_STATE, {
      type: 'start',
      mode: { kind: 'punch', target },
      countInBeats: 0,
    }).state
    expect(s).toEqual({ phase: 'pre_roll', target, positionFrame: 48_000 })
    expect(isCapturing(s)).toBe(true)
    expect(oldTakePlays(s, false)).toBe(true)
    s = run([{ type: 'position', frame: 199_999 }], s)
    expect(s.phase).toBe('pre_roll')
    s = run([{ type: 'position', frame: 200_000 }], s)
    expect(s).toEqual({ phase: 'punch', target, positionFrame: 200_000 })
    expect(oldTakePlays(s, false)).toBe(false)
    expect(oldTakePlays(s, true)).toBe(true)
    s = run([{ type: 'stop' }], s)
    expect(s).toMatchObject({ phase: 'stopping', keep: true, mode: { kind: 'punch' } })
  })

  it('keeps nothing when stopped before the punch point, and nothing at all during the count-in', () => {
    const pre = transition(INITIAL_RECORDER_STATE, {
      type: 'start',
      mode: { kind: 'punch', target },
      countInBeats: 0,
    }).state
    expect(run([{ type: 'stop' }], pre)).toMatchObject({ phase: 'stopping', keep: false })
    const counting = transition(INITIAL_RECORDER_STATE, {
      type: 'start',
      mode: { kind: 'take' },
      countInBeats: 4,
    }).state
    expect(run([{ type: 'stop' }], counting)).toEqual({ phase: 'idle' })
  })

  it('fails from any active phase with the message, and comes back to idle when dismissed', () => {
    for (const events of [
      [],
      [{ type: 'beat' }],
      [{ type: 'beat' }, { type: 'beat' }],
      [{ type: 'beat' }, { type: 'beat' }, { type: 'stop' }],
    ] as RecorderEvent[][]) {
      const s = run(
        events,
        transition(INITIAL_RECORDER_STATE, { type: 'start', mode: { kind: 'take' }, countInBeats: 2 }).state,
      )
      const failed = transition(s, { type: 'error', message: 'The microphone was unplugged.' })
      expect(failed.accepted).toBe(true)
      expect(failed.state).toEqual({ phase: 'failed', message: 'The microphone was unplugged.', during: s.phase })
      expect(transition(failed.state, { type: 'start', mode: { kind: 'take' }, countInBeats: 0 })).toMatchObject({
        accepted: false,
        reason: 'The recorder stopped with a problem: The microphone was unplugged.',
      })
      expect(transition(failed.state, { type: 'dismiss' }).state).toEqual({ phase: 'idle' })
    }
  })

  it('opens the input first: a take after its count-in, a punch before it (with the target main planned as it started)', () => {
    // A take with no count-in: starting until the input is open, then recording.
    let s = run([{ type: 'open', mode: { kind: 'take' }, countInBeats: 0 }])
    expect(s).toEqual({ phase: 'starting', mode: { kind: 'take' }, countInBeats: 0 })
    expect(isCapturing(s)).toBe(false)
    expect(recorderMode(s)).toBe('take')
    expect(run([{ type: 'opened' }], s)).toEqual({ phase: 'recording' })
    // A take with a count-in opens at its last beat, not before.
    s = run([{ type: 'start', mode: { kind: 'take' }, countInBeats: 2 }])
    expect(transition(s, { type: 'open', mode: { kind: 'take' }, countInBeats: 0 })).toMatchObject({
      accepted: false,
      reason: 'The count-in is running.',
    })
    s = run([{ type: 'beat' }, { type: 'open', mode: { kind: 'take' }, countInBeats: 0 }], s)
    expect(s).toEqual({ phase: 'starting', mode: { kind: 'take' }, countInBeats: 0 })
    // A punch: starting, then its count-in, then the pre-roll from main's target.
    const planned = { ...target, punchFrame: 190_000 }
    s = run([{ type: 'open', mode: { kind: 'punch', target: planned }, countInBeats: 1 }])
    expect(recorderMode(s)).toBe('punch')
    s = run([{ type: 'opened', target }], s)
    expect(s).toEqual({ phase: 'count_in', mode: { kind: 'punch', target }, beatsLeft: 1 })
    expect(run([{ type: 'beat' }], s)).toEqual({ phase: 'pre_roll', target, positionFrame: 48_000 })
    // Stopped while opening: nothing was recorded.
    expect(run([{ type: 'open', mode: { kind: 'take' }, countInBeats: 0 }, { type: 'stop' }])).toEqual({
      phase: 'idle',
    })
    expect(
      transition(run([{ type: 'open', mode: { kind: 'punch', target }, countInBeats: 0 }]), {
        type: 'opened',
        target: { ...target, punchFrame: 1 },
      }),
    ).toMatchObject({ accepted: false, reason: /pre-roll to start before its punch point/ })
  })

  it('discards a take or a punch with stop keep: false; the pre-roll never keeps', () => {
    const rec = run([{ type: 'start', mode: { kind: 'take' }, countInBeats: 0 }])
    expect(run([{ type: 'stop', keep: false }], rec)).toEqual({
      phase: 'stopping',
      keep: false,
      mode: { kind: 'take' },
    })
    const pre = run([{ type: 'start', mode: { kind: 'punch', target }, countInBeats: 0 }])
    expect(run([{ type: 'stop', keep: true }], pre)).toMatchObject({ phase: 'stopping', keep: false })
    expect(
      run(
        [
          { type: 'position', frame: 200_000 },
          { type: 'stop', keep: false },
        ],
        pre,
      ),
    ).toMatchObject({ phase: 'stopping', keep: false, mode: { kind: 'punch' } })
    expect(recorderMode(INITIAL_RECORDER_STATE)).toBeNull()
  })

  it('refuses, with a reason and no change, what a phase does not take and starts that cannot work', () => {
    expect(transition(INITIAL_RECORDER_STATE, { type: 'stop' })).toEqual({
      state: INITIAL_RECORDER_STATE,
      accepted: false,
      reason: 'Nothing is recording.',
    })
    expect(transition(INITIAL_RECORDER_STATE, { type: 'error', message: 'x' }).accepted).toBe(false)
    expect(
      transition(INITIAL_RECORDER_STATE, { type: 'start', mode: { kind: 'take' }, countInBeats: 9 }).reason,
    ).toMatch(/0 to 8 beats/)
    expect(
      transition(INITIAL_RECORDER_STATE, {
        type: 'start',
        mode: { kind: 'punch', target: { ...target, punchFrame: 10 } },
        countInBeats: 0,
      }).reason,
    ).toMatch(/pre-roll to start before its punch point/)
    const rec = run([{ type: 'start', mode: { kind: 'take' }, countInBeats: 0 }])
    expect(transition(rec, { type: 'start', mode: { kind: 'take' }, countInBeats: 0 })).toMatchObject({
      state: rec,
      accepted: false,
      reason: 'A take is recording.',
    })
    const stopping = run([{ type: 'stop' }], rec)
    expect(transition(stopping, { type: 'stop' })).toMatchObject({
      accepted: false,
      reason: 'The recording is stopping.',
    })
    const pre = run([{ type: 'start', mode: { kind: 'punch', target }, countInBeats: 0 }])
    expect(transition(pre, { type: 'position', frame: Number.NaN }).accepted).toBe(false)
  })

  it('stays within its phases for any sequence of events (fast-check)', () => {
    const event: fc.Arbitrary<RecorderEvent> = fc.oneof(
      fc.record({
        type: fc.constant('start' as const),
        mode: fc.oneof(
          fc.constant({ kind: 'take' as const }),
          fc.record({
            kind: fc.constant('punch' as const),
            target: fc.record({
              takeId: fc.constant('t'),
              sentence: fc.nat(9),
              prerollFrame: fc.integer({ min: -5, max: 1000 }),
              punchFrame: fc.integer({ min: -5, max: 2000 }),
              sampleRate: fc.constantFrom(0, 48_000),
            }),
          }),
        ),
        countInBeats: fc.integer({ min: -1, max: 10 }),
      }),
      fc.record({
        type: fc.constant('open' as const),
        mode: fc.constant({ kind: 'take' as const }),
        countInBeats: fc.integer({ min: -1, max: 10 }),
      }),
      fc.record({ type: fc.constant('opened' as const) }),
      fc.constant({ type: 'beat' as const }),
      fc.record({
        type: fc.constant('position' as const),
        frame: fc.oneof(fc.integer({ min: -10, max: 3000 }), fc.constant(Number.NaN)),
      }),
      fc.constant({ type: 'stop' as const }),
      fc.record({ type: fc.constant('stop' as const), keep: fc.boolean() }),
      fc.constant({ type: 'stopped' as const }),
      fc.record({ type: fc.constant('error' as const), message: fc.string() }),
      fc.constant({ type: 'dismiss' as const }),
    )
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (events) => {
        let s: RecorderState = INITIAL_RECORDER_STATE
        for (const e of events) {
          const t = transition(s, e)
          expect(RECORDER_PHASES).toContain(t.state.phase)
          if (!t.accepted) {
            expect(t.state).toBe(s)
            expect(t.reason).toBeTruthy()
          }
          if (t.state.phase === 'punch' && s.phase === 'pre_roll') expect(e.type).toBe('position')
          if (isCapturing(t.state)) expect(['pre_roll', 'recording', 'punch']).toContain(t.state.phase)
          s = t.state
        }
      }),
      { numRuns: 500 },
    )
  })
})
