/**
 * The takes main stopped because their window went away (idle-recordings.ts), kept until the talent has
 * read what became of each: every window is handed the list (`takesCutShort`, a state event, so a window
 * opened after the old one closed shows it at once) and OK on any window takes the take off it.
 */
import type { EventHub } from '../bridge/event-hub'
import type { CutShortTake, CutShortTakes } from '../../shared/bridge-takes'

/** Enough for any morning; the oldest goes first beyond it. */
const MOST = 20

export class CutShortList {
  private takes: CutShortTake[] = []

  constructor(private readonly hub: EventHub) {}

  add(take: CutShortTake): void {
    this.takes = [...this.takes.filter((t) => t.take_id !== take.take_id), take].slice(-MOST)
    this.emit()
  }

  dismiss(takeId: string): CutShortTakes {
    this.takes = this.takes.filter((t) => t.take_id !== takeId)
    return this.emit()
  }

  view(): CutShortTakes {
    return { takes: [...this.takes] }
  }

  private emit(): CutShortTakes {
    const view = this.view()
    this.hub.emit('takesCutShort', view)
    return view
  }
}
