/**
 * The windows that own recordings: which are there (their transport says), and a take whose window went away
 * mid-recording (reloaded, closed, crashed) stopped and kept (idle-recordings.ts), and said to every window
 * until the person dismisses it (cut-short-takes.ts). Composed in compose.ts.
 */
import type { CutShortCause, CutShortTakes } from '../../shared/bridge-takes'
import type { EventHub } from '../bridge/event-hub'
import type { Log } from '../logging/redacting-log'
import { CutShortList } from './cut-short-takes'
import { stopIdleRecordings, type IdleRecordingsOptions } from './idle-recordings'

export interface RecordingOwnersDeps {
  hub: EventHub
  log: Log
  /** Lets a punch under way on a take that is cut short go (versions). */
  letGoPunch: NonNullable<IdleRecordingsOptions['letGoPunch']>
}

export function createRecordingOwners<T extends Parameters<typeof stopIdleRecordings>[0]>(
  recordingCalls: T,
  d: RecordingOwnersDeps,
) {
  const present = new Set<string>()
  const cutShort = new CutShortList(d.hub)
  const idle = stopIdleRecordings(recordingCalls, {
    info: (m, f) => d.log.info(m, f),
    warn: (m, f) => d.log.warn(m, f),
    ownerAlive: (owner) => present.has(owner),
    letGoPunch: d.letGoPunch,
    cutShort: (take) => cutShort.add(take),
  })
  return {
    /** The recording calls, watched for windows that went away. */
    calls: idle.calls,
    dismissCutShort: (takeId: string): CutShortTakes => cutShort.dismiss(takeId),
    pagePresent: (owner: string, there: boolean): void => {
      if (there) present.add(owner)
      else present.delete(owner)
    },
    pageGone: async (owner: string, cause: CutShortCause): Promise<void> => {
      present.delete(owner)
      await idle.pageGone(owner, cause)
    },
    close: (): void => idle.close(),
  }
}
