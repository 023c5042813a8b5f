/**
 * The recorder machine's transition table (renderer/src/takes/recorder/recorder-machine.ts): every transition
 * it allows, written out here and taken from a state of its phase; every event a phase does not take refused
 * with a reason and the state unchanged; and a punch planned before it opens.
 */
import { describe, expect, it } from 'vitest'
import {
  INITIAL_RECORDER_STATE,
  RECORDER_PHASES,
  recorderMode,
  transition,
  TRANSITIONS,
  type PunchTarget,
  type RecorderEvent,
  type RecorderEventType,
  type RecorderState,
} from '../../../../../renderer/src/takes/recorder/recorder-machine'

const target: PunchTarget = { takeId: 't1', sentence: 2, prerollFrame: 48_000, punchFrame: 200_000, sampleRate: 48_000 }
const run = (events: RecorderEvent[], from: RecorderState = INITIAL_RECORDER_STATE) =>
  events.reduce((s, e) => transition(s, e).state, from)

const take = { kind: 'take' } as const
const punch = { kind: 'punch', target } as const
/** A state of every phase, in each of the shapes that lead somewhere different. */
const STATES: RecorderState[] = [
  { phase: 'idle' },
  { phase: 'planning' },
  { phase: 'armed', target },
  ...[0, 2].flatMap((countInBeats) =>
    [take, punch].map((mode): RecorderState => ({ phase: 'starting', mode, countInBeats })),
  ),
  ...[1, 2].flatMap((beatsLeft) =>
    [take, punch].map((mode): RecorderState => ({ phase: 'count_in', mode, beatsLeft })),
  ),
  { phase: 'pre_roll', target, positionFrame: 48_000 },
  { phase: 'recording' },
  { phase: 'punch', target, positionFrame: 200_000 },
  { phase: 'stopping', keep: true, mode: take },
  { phase: 'stopping', keep: false, mode: punch },
  { phase: 'failed', message: 'The microphone was unplugged.', during: 'recording' },
]
/** Every event, in each of the shapes that lead somewhere different. */
const EVENTS: RecorderEvent[] = [
  { type: 'request' },
  { type: 'planned', target },
  { type: 'close' },
  ...[0, 2].flatMap((countInBeats) =>
    [take, punch].flatMap((mode): RecorderEvent[] => [
      { type: 'start', mode, countInBeats },
      { type: 'open', mode, countInBeats },
    ]),
  ),
  { type: 'opened' },
  { type: 'opened', target },
  { type: 'beat' },
  { type: 'position', frame: 100_000 },
  { type: 'position', frame: 200_000 },
  { type: 'stop' },
  { type: 'stop', keep: false },
  { type: 'stopped' },
  { type: 'error', message: 'The microphone was unplugged.' },
  { type: 'dismiss' },
]
const EVENT_TYPES = [...new Set(EVENTS.map((e) => e.type))]

describe('the transition table', () => {
  it('takes every transition it lists, and only those: the drawing of recorder-machine.ts', () => {
    const roll = ['count_in', 'recording', 'pre_roll']
    const failing = ['error → failed']
    // Every allowed transition, written out: from a phase, on an event, to a phase.
    const allowed: Record<string, string[]> = {
      idle: ['request → planning', ...roll.map((p) => `start → ${p}`), 'open → starting'],
      planning: [
        'request → planning',
        'planned → armed',
        'close → idle',
        ...roll.map((p) => `start → ${p}`),
        'open → starting',
        ...failing,
      ],
      armed: ['request → planning', 'close → idle', ...roll.map((p) => `start → ${p}`), 'open → starting', ...failing],
      starting: [...roll.map((p) => `opened → ${p}`), 'stop → idle', ...failing],
      count_in: [...roll.map((p) => `beat → ${p}`), 'open → starting', 'stop → idle', ...failing],
      pre_roll: ['position → pre_roll', 'position → punch', 'stop → stopping', ...failing],
      recording: ['position → recording', 'stop → stopping', ...failing],
      punch: ['position → punch', 'stop → stopping', ...failing],
      stopping: ['stopped → idle', ...failing],
      failed: ['dismiss → idle'],
    }
    const expected = Object.entries(allowed).flatMap(([from, edges]) => edges.map((e) => `${from} —${e}`))
    const listed = RECORDER_PHASES.flatMap((from) =>
      Object.entries(TRANSITIONS[from]).flatMap(([type, to]) => to.map((phase) => `${from} —${type} → ${phase}`)),
    )
    expect([...listed].sort()).toEqual([...expected].sort())
    // Each is taken from a state of its phase, and nothing the table does not list is ever taken.
    const taken = new Set<string>()
    for (const state of STATES)
      for (const event of EVENTS) {
        const t = transition(state, event)
        if (t.accepted) taken.add(`${state.phase} —${event.type} → ${t.state.phase}`)
      }
    expect([...taken].sort()).toEqual([...expected].sort())
    expect(Object.keys(TRANSITIONS).sort()).toEqual([...RECORDER_PHASES].sort())
  })

  it('refuses, with a reason and the state unchanged, every event a phase does not take', () => {
    let refusals = 0
    for (const state of STATES)
      for (const type of EVENT_TYPES) {
        if (TRANSITIONS[state.phase][type as RecorderEventType]) continue
        for (const event of EVENTS.filter((e) => e.type === type)) {
          const t = transition(state, event)
          expect(t, `${state.phase} on ${type}`).toMatchObject({ accepted: false, state })
          expect(t.state).toBe(state)
          expect(t.reason).toMatch(/\S/)
          refusals++
        }
      }
    expect(refusals).toBeGreaterThan(100)
    expect(transition({ phase: 'armed', target }, { type: 'stop' }).reason).toBe('The punch waits for Start.')
    expect(transition({ phase: 'planning' }, { type: 'beat' }).reason).toBe('The punch is being planned.')
  })

  it('plans a punch before it opens: request, planned, open; a take, a close or another request let the plan go', () => {
    let s = run([{ type: 'request' }])
    expect(s).toEqual({ phase: 'planning' })
    expect(recorderMode(s)).toBeNull()
    expect(transition(s, { type: 'planned', target: { ...target, punchFrame: 1 } })).toMatchObject({
      accepted: false,
      reason: /pre-roll to start before its punch point/,
    })
    s = run([{ type: 'planned', target }], s)
    expect(s).toEqual({ phase: 'armed', target })
    expect(recorderMode(s)).toBeNull()
    expect(run([{ type: 'open', mode: punch, countInBeats: 0 }], s)).toEqual({
      phase: 'starting',
      mode: punch,
      countInBeats: 0,
    })
    expect(run([{ type: 'start', mode: take, countInBeats: 0 }], s)).toEqual({ phase: 'recording' })
    expect(run([{ type: 'close' }], s)).toEqual({ phase: 'idle' })
    expect(run([{ type: 'request' }], s)).toEqual({ phase: 'planning' })
    const failed = run([{ type: 'error', message: 'No pause before sentence 2.' }], { phase: 'planning' })
    expect(failed).toEqual({ phase: 'failed', message: 'No pause before sentence 2.', during: 'planning' })
    expect(run([{ type: 'dismiss' }], failed)).toEqual({ phase: 'idle' })
  })
})
