/**
 * The window's one recorder: the recorder's phase (recorder-machine.ts: a take's and a punch's), whose
 * take or punch it is, the input it records and the count-in, Stop's "Saving…", what it last said, the punch shown
 * beside it, and where the person asked to go while it records. Made once per window by createStores.
 *
 * Only the actions here change the phase, each through the machine's `transition` (a refused event changes
 * nothing and is logged): the record control
 * (RecorderPanel: Record, Stop, Discard, Space), the punch (PunchPanel: recorder-punch.ts), the recording
 * guard (guardLeave / confirmLeave) and the capture itself (a take that stops by itself, Booth gone). Every
 * part reads the same state through recorder-view.ts. The capture's side effects (getUserMedia, the
 * AudioWorklet, blocks sent through the bridge) are the injected RecorderCapture (browser-capture.ts in the
 * window, a fake in tests), and time is the injected RecorderClock, so the store runs without a browser.
 */
import { useStore } from 'zustand'
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { JobDetail } from '../../../../shared/bridge'
import type { TakeLabelValue, TakeView } from '../../../../shared/bridge-takes'
import { INITIAL_RECORDER_STATE, recorderMode, transition, type RecorderEvent } from './recorder-machine'
import { useStores } from '../../bridge/BridgeProvider'
import { errorText } from '../../store/error-text'
import type { StoreHandle } from '../../store/store-handle'
import { chooseInput, loadCountIn, loadRememberedInput, rememberInput, saveCountIn } from '../input-choice'
import { loadPunchSettings } from './punch-settings'
import { BOOTH_GONE_WHILE_RECORDING, recordingFailureText } from '../recording-failure'
import { sinkFor } from '../recording-sink'
import { panelHolds } from './panel-holds'
import { NO_PUNCH, punchActions } from './recorder-punch'
import type { MeterEvent, RecorderData, RecorderDeps, RecorderStoreState, TakeCapture } from './recorder-types'
import { guardedRun } from './recorder-view'
import { forgetTakeInFlight, recallTakeInFlight, rememberTakeInFlight, settleTakeInFlight } from './take-in-flight'

declare module '../../bridge/BridgeProvider' {
  /** This store, as the window's provider holds it (useStores().recorder). */
  interface BoothStoreRegistry {
    recorder: StoreApi<RecorderStoreState>
  }
}

/** How long after Stop the recorder says "Saving…" if the take is not saved by then. */
export const SAVING_SHOWN_AFTER_MS = 150

/** What goes with every return to idle: nobody's run, nothing saving, no question about leaving left open. */
const SETTLED: Partial<RecorderData> = { run: null, savingShown: false, leave: null, recordingTakeId: null }

export function createRecorderStore(deps: RecorderDeps): StoreHandle<RecorderStoreState> {
  const { api, capture, clock, storage } = deps
  const session = deps.session ?? null
  const meters = new Set<(e: MeterEvent) => void>()
  const meter = (e: MeterEvent) => {
    for (const listener of [...meters]) listener(e)
  }
  /** The take being captured, from its opening until it is saved or let go. */
  let take: TakeCapture | null = null
  let stopCounting: (() => void) | null = null
  const { attach, releaseLater } = panelHolds(clock)
  /**
   * The page is going (reload, close), or lost Booth mid-take (a reload cuts the page's connections before
   * it says it is going): the recorder goes idle, but the take in flight stays written, for the page that
   * comes back to say what became of it "by the reload". A take opened afterwards starts afresh.
   */
  let keepInFlight = false
  globalThis.addEventListener?.('pagehide', () => {
    keepInFlight = true
  })

  const store = createStore<RecorderStoreState>()((set, get) => {
    /** Feeds the machine one event (with what changes beside it); a refused event changes nothing and is logged. */
    const feed = (event: RecorderEvent, patch: Partial<RecorderData> = {}) => {
      const t = transition(get().rec, event)
      if (!t.accepted) console.warn(`The recorder (${get().rec.phase}) refused ${event.type}: ${t.reason}`)
      if (t.accepted) set({ ...patch, rec: t.state, ...(t.state.phase === 'idle' ? SETTLED : {}) })
      // Idle: no take of this window is in flight for a reload to find.
      if (t.accepted && t.state.phase === 'idle' && !keepInFlight) forgetTakeInFlight(session)
      return t
    }

    /** A take that stopped by itself (the disk stopped it, the input went away, Booth is gone): idle at once, saying why. */
    const stoppedBy = (why: string) => {
      const jobId = get().run?.jobId
      take = null
      meter({ kind: 'rest' })
      feed({ type: 'error', message: why }, { error: why })
      feed({ type: 'dismiss' })
      if (jobId) void deps.takes.getState().loadTakes(jobId)
    }

    /** The take's input and main's recording take, opened once the count-in (if any) is over. */
    const begin = async (job: JobDetail, label: TakeLabelValue) => {
      set({ error: null })
      const rec: TakeCapture = capture.take(
        sinkFor(api, job, label),
        (level) => meter({ kind: 'level', level }),
        (err) => {
          if (take === rec) stoppedBy(recordingFailureText(err))
        },
      )
      take = rec
      let takeId: string
      try {
        takeId = await rec.start(get().input?.deviceId ?? null, 1)
      } catch (err) {
        if (take !== rec) return void (await rec.cancel().catch(() => undefined))
        take = null
        await rec.cancel().catch(() => undefined)
        feed({ type: 'error', message: capture.describeError(err) }, { error: capture.describeError(err) })
        feed({ type: 'dismiss' })
        return
      }
      // Let go while it opened (the job was left): nothing is kept, and main is told.
      if (take !== rec) return void (await rec.cancel().catch(() => undefined))
      const at = clock.now()
      meter({ kind: 'start', at })
      // The label chosen for this take is used: the next one is main, then alt, again.
      if (feed({ type: 'opened' }, { startedAt: at, recordingTakeId: takeId, chosenLabel: null }).accepted) {
        keepInFlight = false
        rememberTakeInFlight(session, { takeId, jobId: job.job_id })
      }
      void get().refreshInputs()
    }

    const cancelCountIn = () => {
      stopCounting?.()
      stopCounting = null
      feed({ type: 'stop' })
    }

    /**
     * Stop, with nothing drawn between the key and the take's check but the check: the phase is stopping at
     * once (the meters stand still; the record control shows "Saving…" only if saving takes a while), and the
     * saved take Stop answers (its row drawn in full) waits until the check main sent before it (takeChecked)
     * is on screen, and so do main's takes and read-back events from the key on. A render and a paint in that
     * time would hold the worklet's last samples, and then the check, back by as long as they take.
     */
    const stop = async () => {
      const rec = take
      const jobId = get().run?.jobId
      if (!rec || !jobId || get().rec.phase !== 'recording') return
      feed({ type: 'stop' })
      const cancelSaving = clock.after(SAVING_SHOWN_AFTER_MS, () => {
        if (take === rec) set({ savingShown: true })
      })
      let finished: TakeView | null = null
      const stopped = rec.stop()
      deps.takes.getState().holdEventsUntil(stopped)
      deps.readback.getState().holdEventsUntil(stopped)
      try {
        finished = await stopped
      } catch (err) {
        set({ error: recordingFailureText(err, 'The take could not be finished') })
      }
      const saved = finished
      // The check is shown (or on its way to the screen) as the take is being saved: its frame first.
      if (saved && deps.takes.getState().byJob[jobId]?.takes.some((t) => t.id === saved.id && t.saving))
        await clock.afterPaint()
      cancelSaving()
      if (take === rec) {
        take = null
        meter({ kind: 'rest' })
        feed({ type: 'stopped' })
      }
      // The saved take goes into the list at once, in the same render as the idle recorder (main's takes
      // event follows with the same take, and later its ffmpeg reference).
      const takes = deps.takes.getState()
      if (saved && takes.byJob[jobId]) takes.applyTake(saved)
      else void takes.loadTakes(jobId)
    }

    const punch = punchActions({ set, get, feed, deps })

    return {
      rec: INITIAL_RECORDER_STATE,
      run: null,
      savingShown: false,
      startedAt: 0,
      error: null,
      recordingTakeId: null,
      cutShortTakes: [],
      reloadedTakeIds: [],
      cutShort: null,
      inputs: [],
      input: null,
      countIn: loadCountIn(storage),
      punch: NO_PUNCH,
      punchSettings: loadPunchSettings(storage),
      leave: null,
      chosenLabel: null,
      levelCheck: false,

      attachTake: (jobId) => {
        attach('take', jobId)
        // A recorder on screen starts from the remembered choices (the preferences page may have changed them).
        if (recorderMode(get().rec) === null)
          set({ input: null, countIn: loadCountIn(storage), error: null, chosenLabel: null, levelCheck: false })
        void get().refreshInputs()
        const unwatch = capture.watchInputs(() => void get().refreshInputs())
        return () => {
          unwatch()
          releaseLater('take', jobId, () => {
            // A punch under way is the punch panel's to let go (attachPunch).
            if (get().run?.jobId !== jobId || recorderMode(get().rec) !== 'take') return
            const phase = get().rec.phase
            if (phase === 'count_in') cancelCountIn()
            else if (phase === 'starting' && take) {
              // Let go as it opens: begin() cancels the take once its opening ends.
              take = null
              feed({ type: 'stop' })
            } else if (phase === 'recording') void stop()
          })
        }
      },
      refreshInputs: () =>
        capture.listInputs().then(
          (found) => {
            const current = get().input
            set({
              inputs: found,
              input:
                current && found.some((i) => i.deviceId === current.deviceId)
                  ? current
                  : chooseInput(found, loadRememberedInput(storage)),
            })
          },
          (err: unknown) => set({ error: capture.describeError(err) }),
        ),
      chooseInput: (input) => {
        set({ input })
        if (input) rememberInput(storage, input)
      },
      setCountIn: (beats) => {
        set({ countIn: beats })
        saveCountIn(storage, beats)
      },
      setError: (error) => set({ error }),
      chooseLabel: (chosenLabel) => set({ chosenLabel }),
      setLevelCheck: (levelCheck) => set({ levelCheck }),

      toggle: (job, label) => {
        const s = get()
        if (s.rec.phase === 'recording' && s.run?.jobId === job.job_id) return void stop()
        if (s.rec.phase === 'count_in' && s.rec.mode.kind === 'take' && s.run?.jobId === job.job_id)
          return cancelCountIn()
        // A take starts from idle, or lets a punch only planned go (the punch panel closes).
        if (s.rec.phase !== 'idle' && s.rec.phase !== 'planning' && s.rec.phase !== 'armed') return
        // A take ends the level check (the count-in runs its own, then the take takes the microphone).
        const patch: Partial<RecorderData> = {
          run: { jobId: job.job_id, advertiser: job.advertiser },
          levelCheck: false,
        }
        if (s.rec.phase !== 'idle') patch.punch = NO_PUNCH
        if (s.countIn === 0) {
          if (feed({ type: 'open', mode: { kind: 'take' }, countInBeats: 0 }, patch).accepted) void begin(job, label)
          return
        }
        if (!feed({ type: 'start', mode: { kind: 'take' }, countInBeats: s.countIn }, patch).accepted) return
        stopCounting = clock.every(1000, () => {
          const now = get().rec
          if (now.phase !== 'count_in') return
          if (now.beatsLeft > 1) return void feed({ type: 'beat' })
          stopCounting?.()
          stopCounting = null
          if (feed({ type: 'open', mode: { kind: 'take' }, countInBeats: 0 }).accepted) void begin(job, label)
        })
      },
      stop,
      discard: async () => {
        const rec = take
        if (!rec || get().rec.phase !== 'recording') return
        take = null
        feed({ type: 'stop', keep: false }, { savingShown: true })
        await rec.cancel().catch((err: unknown) => set({ error: errorText(err) }))
        feed({ type: 'stopped' })
      },
      hostGone: () => {
        const rec = take
        if (!rec) return
        keepInFlight = true
        // Booth went away mid-take (its appends may hang rather than fail): the input is let go here.
        void rec.abandon()
        stoppedBy(BOOTH_GONE_WHILE_RECORDING)
      },
      settleCutShort: async () => {
        const was = recallTakeInFlight(session)
        if (was) set({ reloadedTakeIds: [was.takeId] })
        const said = await settleTakeInFlight(api, session).catch(() => null)
        if (!said) return
        set({ cutShort: said })
        if (deps.takes.getState().byJob[said.jobId]) void deps.takes.getState().loadTakes(said.jobId)
      },
      dismissCutShort: (takeId) => {
        set((s) => ({
          cutShort: s.cutShort?.takeId === takeId ? null : s.cutShort,
          cutShortTakes: s.cutShortTakes.filter((t) => t.take_id !== takeId),
        }))
        void api.dismissCutShort({ takeId }).then(
          (v) => set({ cutShortTakes: v.takes }),
          () => undefined,
        )
      },
      onMeter: (listener) => {
        meters.add(listener)
        return () => void meters.delete(listener)
      },

      ...punch.actions,
      attachPunch: (jobId) => {
        attach('punch', jobId)
        return () => releaseLater('punch', jobId, () => punch.releasePunch(jobId))
      },

      guardLeave: (what, go) => {
        if (!guardedRun(get())) return go()
        set({ leave: { what, go } })
      },
      confirmLeave: async () => {
        const { leave } = get()
        const guarded = guardedRun(get()) !== null
        set({ leave: null })
        // A take is stopped and saved before going; a punch is stopped (its version is made meanwhile).
        if (guarded && recorderMode(get().rec) === 'take') await stop()
        else if (guarded) get().stopPunch()
        leave?.go()
      },
      stay: () => set({ leave: null }),
    }
  })
  // Main's list of takes cut short by their window's going: a window opened later is handed it at once.
  const offCutShort = api.on('takesCutShort', (v) => store.setState({ cutShortTakes: v.takes }))
  return {
    store,
    unsubscribe: () => {
      stopCounting?.()
      offCutShort()
    },
  }
}

/** The window's recorder store (made once by createStores). */
export function useRecorderStore(): StoreApi<RecorderStoreState> {
  return useStores().recorder
}

export function useRecorder<T>(selector: (state: RecorderStoreState) => T): T {
  return useStore(useRecorderStore(), selector)
}
