/**
 * The page's view of the data files Booth set aside (damaged-files.ts): listed on request, sent again as
 * `setAsideFiles` whenever one more is set aside, and dismissed by the talent one by one.
 */
import type { BridgeHandlers } from '../bridge/dispatch'
import type { EventHub } from '../bridge/event-hub'
import type { SetAsideFile } from '../../shared/bridge-data-files'
import { dismissSetAsideFile, setAsideFilesUnder, watchSetAsideFiles } from './damaged-files'

export interface SetAsideArea {
  handlers: Pick<BridgeHandlers, 'listSetAsideFiles' | 'dismissSetAsideFile'>
  close(): void
}

export function createSetAsideArea(dataDir: string, hub: EventHub): SetAsideArea {
  const list = (): SetAsideFile[] => setAsideFilesUnder(dataDir).map(({ path: _path, detail: _detail, ...file }) => file)
  const stop = watchSetAsideFiles(dataDir, () => hub.emit('setAsideFiles', list()))
  return {
    handlers: {
      listSetAsideFiles: async () => list(),
      dismissSetAsideFile: async ({ id }) => {
        if (setAsideFilesUnder(dataDir).some((r) => r.id === id)) dismissSetAsideFile(id)
        // Every window, and one that connects later (the hub replays the last list), sees it gone.
        const left = list()
        hub.emit('setAsideFiles', left)
        return left
      },
    },
    close: stop,
  }
}
