/**
 * Where bridge calls enter main, for both transports (Electron IPC and the web host): the call name must
 * be in the contract and its arguments must pass the contract's checks before any service sees them. A
 * call that names a file (importTake's `path`) names it by the one-time id main handed out for a file the
 * person dropped or chose (security/file-grants.ts); it reaches the service as that file's path, and
 * anything else is refused in one sentence that tells nothing about the path.
 */
import { BridgeArgumentError } from '../../shared/check'
import { bridgeCalls, isBridgeCallName, type BridgeCallFunctions, type BridgeCallName } from '../../shared/bridge'
import { FileGrants, ONLY_GIVEN_FILES } from '../security/file-grants'
import { asCallFrom } from './caller'

/** What main answers each call with: the contract's call functions, names and types from shared/bridge.ts. */
export type BridgeHandlers = BridgeCallFunctions

/** `from`: the window the call came from (bridge/caller.ts), when its transport knows it. */
export type Dispatch = (name: string, args: unknown, from?: string) => Promise<unknown>

/** The argument of each call that names a file the window was handed (an id from FileGrants). */
const FILE_FIELDS: Partial<Record<BridgeCallName, string>> = { importTake: 'path' }

export interface DispatcherOptions {
  /** The files main handed out ids for; without it no call may name a file (every such call is refused). */
  files?: FileGrants
}

export function createDispatcher(handlers: BridgeHandlers, options: DispatcherOptions = {}): Dispatch {
  const files = options.files ?? new FileGrants()
  return async (name, args, from) => {
    if (!isBridgeCallName(name)) throw new BridgeArgumentError(`Booth has no call named “${name.slice(0, 60)}”.`)
    let checked = bridgeCalls[name](args ?? {}, name) as Record<string, unknown>
    const field = FILE_FIELDS[name]
    if (field !== undefined) {
      const path = files.take(checked[field] as string)
      if (path === null) throw new BridgeArgumentError(ONLY_GIVEN_FILES)
      checked = { ...checked, [field]: path }
    }
    const handler = handlers[name] as (a: unknown) => Promise<unknown>
    return asCallFrom(from, () => handler(checked))
  }
}
