/**
 * Bridge calls and events of the prompter: how it moves (it follows the voice while recording, scrolls
 * at the spot's pace, or stays still), and where the voice is in the script while a take records.
 * Merged into the one contract by shared/bridge.ts.
 */
import { obj, oneOf, type Check } from './check'

export const PROMPTER_MODES = ['voice', 'pace', 'off'] as const
export type PrompterMode = (typeof PROMPTER_MODES)[number]

export const prompterCalls = {
  getPrompterSettings: obj({}),
  setPrompterSettings: obj({ mode: oneOf(PROMPTER_MODES) }),
} satisfies Record<string, Check<unknown>>

export interface PrompterSettingsView {
  mode: PrompterMode
  /** The engine that follows the voice ('pocketsphinx', 'sherpa-onnx'); null when none can run here. */
  engine: string | null
  /** Why the prompter cannot follow the voice here (one sentence), or null when it can. */
  unavailable: string | null
}

/**
 * - listening: the take records and Booth listens; nothing was placed in the script yet
 * - following: `word` is the script word last heard
 * - stopped: the take stopped; the page clears the highlight
 * - unavailable / failed: no engine can listen here, or it stopped working (`message` says why);
 *   the take records as always
 */
export type FollowStatus = 'listening' | 'following' | 'stopped' | 'unavailable' | 'failed'

/** A stretch of the script text, in characters: [from, to). */
export interface ScriptSpan {
  from: number
  to: number
}

/**
 * Where the voice is in the script the take was started with (startRecording's `script.text`): character
 * offsets into that text, so the page marks the same words it shows.
 */
export interface FollowPosition {
  takeId: string
  jobId: string
  status: FollowStatus
  /** Length of the script text the offsets refer to: the page checks it still shows that text. */
  scriptLength: number
  /** The script word last heard. */
  word: ScriptSpan | null
  /** The line (sentence, or line of the script) that word is in. */
  line: ScriptSpan | null
  /** Seconds into the take at which that word ended. */
  heardAtS: number | null
  engine: string | null
  message: string | null
}

export interface PrompterResults {
  getPrompterSettings: PrompterSettingsView
  setPrompterSettings: PrompterSettingsView
}

export interface PrompterEvents {
  follow: FollowPosition
  prompterSettings: PrompterSettingsView
}

export const PROMPTER_EVENT_NAMES: { [E in keyof PrompterEvents]: true } = { follow: true, prompterSettings: true }
