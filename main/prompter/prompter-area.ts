/**
 * The prompter in main: its settings calls (shared/bridge-prompter.ts) and its hooks into the recording
 * calls. When a take starts with a script and the prompter follows the voice, a Follower listens to the
 * PCM that appendRecording already receives and sends `follow` events with the position; stopping or
 * cancelling the take ends it. The hooks never fail a recording call: the follower's own trouble is
 * reported on its events and in the log.
 */
import { join } from 'node:path'
import type { BridgeHandlers } from '../bridge/dispatch'
import type { EventHub } from '../bridge/event-hub'
import { decodePcmFloat32 } from '../takes/recording-handlers'
import type { PrompterSettingsView } from '../../shared/bridge-prompter'
import { FirstAvailableEngine, type FollowEngine } from './follow-engine'
import { Follower, type FollowerOptions } from './follower'
import { PocketsphinxFollowEngine } from './pocketsphinx-follow'
import { PrompterSettingsFile } from './prompter-settings'
import { SherpaFollowEngine, streamingModelDir } from './sherpa-follow'

type PrompterHandlers = Pick<BridgeHandlers, 'getPrompterSettings' | 'setPrompterSettings'>
type RecordingHooks = Pick<BridgeHandlers, 'startRecording' | 'appendRecording' | 'stopRecording' | 'cancelRecording'>

export interface PrompterAreaDeps {
  dataDir: string
  hub: EventHub
  warn(message: string): void
  /** Tests: the engines to try, in order (default: sherpa-onnx with a streaming model, then pocketsphinx). */
  engines?: FollowEngine[]
  /** Tests and the benchmark: the pacing between recognitions (default on; false for the follower without it). */
  pace?: FollowerOptions['pace']
}

export function defaultFollowEngines(dataDir: string): FollowEngine[] {
  return [new SherpaFollowEngine({ modelDir: () => streamingModelDir(dataDir) }), new PocketsphinxFollowEngine()]
}

export function createPrompterArea(deps: PrompterAreaDeps) {
  const settings = new PrompterSettingsFile(join(deps.dataDir, 'readback'), deps.warn)
  const loaded = settings.load()
  const engines = new FirstAvailableEngine(deps.engines ?? defaultFollowEngines(deps.dataDir))
  const live = new Map<string, { follower: Follower; channels: number }>()

  const view = async (): Promise<PrompterSettingsView> => {
    await loaded
    const { engine, why } = await engines.pick()
    return { mode: settings.get().mode, engine: engine?.name ?? null, unavailable: why }
  }

  const handlers: PrompterHandlers = {
    getPrompterSettings: async () => {
      const v = await view()
      // The page asks when a script is on screen: get the recogniser ready before the first take.
      if (v.mode === 'voice') void engines.prepare().catch(() => undefined)
      return v
    },
    setPrompterSettings: async ({ mode }) => {
      await loaded
      await settings.update({ mode })
      const v = await view()
      deps.hub.emit('prompterSettings', v)
      return v
    },
  }

  /** Listens to a take that starts with a script while the prompter follows the voice. */
  function begin(takeId: string, a: Parameters<RecordingHooks['startRecording']>[0]): void {
    const text = a.script?.text ?? ''
    if (settings.get().mode !== 'voice' || !text.trim()) return
    const follower = new Follower({
      takeId,
      jobId: a.jobId,
      script: text,
      sampleRate: a.sampleRate,
      channels: a.channels,
      engine: engines,
      warn: deps.warn,
      ...(deps.pace !== undefined ? { pace: deps.pace } : {}),
      emit: (p) => {
        if (p.status === 'failed' && p.message) deps.warn(p.message)
        deps.hub.emit('follow', p)
      },
    })
    // Registered before the take's id goes back to the page, so no chunk of the take is missed.
    live.set(takeId, { follower, channels: a.channels })
    follower
      .start()
      .catch((err: unknown) =>
        deps.warn(`The prompter could not start listening: ${err instanceof Error ? err.message : String(err)}`),
      )
  }

  function end(takeId: string): void {
    const entry = live.get(takeId)
    live.delete(takeId)
    entry?.follower.stop()
  }

  const wrapTakeHandlers = <T extends RecordingHooks>(takes: T): T => ({
    ...takes,
    startRecording: async (a) => {
      await loaded
      const started = await takes.startRecording(a)
      try {
        begin(started.takeId, a)
      } catch (err) {
        deps.warn(`The prompter could not start listening: ${err instanceof Error ? err.message : String(err)}`)
      }
      return started
    },
    appendRecording: async (a) => {
      const level = await takes.appendRecording(a)
      const entry = live.get(a.takeId)
      if (entry) {
        try {
          entry.follower.push(decodePcmFloat32(a.pcmBase64, entry.channels))
        } catch (err) {
          deps.warn(`The prompter could not take a chunk of the recording: ${String(err)}`)
        }
      }
      return level
    },
    stopRecording: async (a) => {
      end(a.takeId)
      return takes.stopRecording(a)
    },
    cancelRecording: async (a) => {
      end(a.takeId)
      return takes.cancelRecording(a)
    },
  })

  return {
    handlers,
    wrapTakeHandlers,
    /** Gets the recogniser ready (getPrompterSettings starts this in the background too). */
    prepare: () => engines.prepare(),
    /** Stops every follower (Booth is quitting). */
    stop: () => {
      for (const takeId of [...live.keys()]) end(takeId)
    },
  }
}
