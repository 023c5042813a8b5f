/**
 * How the prompter moves, in the script panel's tools: it follows the voice while recording (Booth
 * listens on this computer), scrolls at the spot's pace when started (`p`), or stays still. While a take
 * records, a short status says whether Booth is listening, following, or why it cannot.
 */
import { useEffect } from 'react'
import { PROMPTER_MODES, type FollowPosition, type PrompterMode } from '../../../../shared/bridge-prompter'
import { usePrompterState, usePrompterStore } from './prompter-store'
import { fallbackWords, type PaceFallback } from './use-pace-fallback'

const MODE_WORDS: Record<PrompterMode, string> = {
  voice: 'Prompter: voice',
  pace: 'Prompter: pace',
  off: 'Prompter: off',
}

const MODE_HELP =
  'Voice: while recording, the line you read is highlighted and kept at the marker (Booth ' +
  'listens on this computer). Pace: p scrolls the script at the spot’s pace. Off: the script ' +
  'stays where you put it.'

export interface PaceControl {
  running: boolean
  available: boolean
  toggle(): void
}

function statusWords(follow: FollowPosition): string {
  switch (follow.status) {
    case 'listening':
      return 'Listening…'
    case 'following':
      return 'Following your voice'
    default:
      return follow.message ?? 'The prompter is not following the voice.'
  }
}

/** The prompter's mode, and in pace mode its start/pause button: in the script panel's tool row. */
export function PrompterControl({ pace }: { pace: PaceControl }) {
  const store = usePrompterStore()
  const settings = usePrompterState((s) => s.settings)
  const mode = settings?.mode ?? 'voice'
  useEffect(() => {
    void store.getState().load()
  }, [store])
  return (
    <>
      <select
        className="prompter-mode"
        aria-label="Prompter"
        value={mode}
        title={mode === 'voice' && settings?.unavailable ? `${MODE_HELP} ${settings.unavailable}` : MODE_HELP}
        onChange={(e) => void store.getState().setMode(e.target.value as PrompterMode)}
      >
        {PROMPTER_MODES.map((m) => (
          <option key={m} value={m}>
            {MODE_WORDS[m]}
          </option>
        ))}
      </select>
      {mode === 'pace' && (
        <button
          type="button"
          className="btn btn-quiet btn-small"
          aria-label={pace.running ? 'Pause prompter' : 'Start prompter'}
          aria-pressed={pace.running}
          disabled={!pace.available}
          title={pace.available ? 'p starts and pauses' : 'The job has no spot length to pace the prompter'}
          onClick={pace.toggle}
        >
          {pace.running ? 'Pause' : 'Start'}
        </button>
      )}
    </>
  )
}

/**
 * While a take records with the prompter following the voice: listening, following, or why it cannot.
 * It sits over the script's top corner (sticky, in a spot of no height), so it takes no line of the script.
 */
export function PrompterStatus({
  follow,
  fallback = null,
}: {
  follow: FollowPosition | null
  fallback?: PaceFallback
}) {
  const error = usePrompterState((s) => s.error)
  const trouble = follow && (follow.status === 'unavailable' || follow.status === 'failed')
  if (error) {
    return (
      <div className="prompter-spot">
        <p className="prompter-status small tone-warning" role="alert">
          {error}
        </p>
      </div>
    )
  }
  if (!follow || follow.status === 'stopped') return null
  const words = trouble && fallback ? `${statusWords(follow)} ${fallbackWords(fallback)}` : statusWords(follow)
  return (
    <div className="prompter-spot">
      <p
        className={`prompter-status small${trouble ? ' tone-warning' : ''}`}
        role="status"
        data-fallback={trouble ? (fallback ?? undefined) : undefined}
      >
        {words}
      </p>
    </div>
  )
}
