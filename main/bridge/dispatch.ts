/**
 * Where bridge calls enter main, for both transports (Electron IPC and the web host): the call name must
 * be in the contract and its arguments must pass the contract's checks before any service sees them.
 */
import { BridgeArgumentError } from '../../shared/check'
import { bridgeCalls, isBridgeCallName, type BridgeCallFunctions } from '../../shared/bridge'

/** What main answers each call with: the contract's call functions, names and types from shared/bridge.ts. */
export type BridgeHandlers = BridgeCallFunctions

export type Dispatch = (name: string, args: unknown) => Promise<unknown>

export function createDispatcher(handlers: BridgeHandlers): Dispatch {
  return async (name, args) => {
    if (!isBridgeCallName(name)) throw new BridgeArgumentError(`Booth has no call named “${name.slice(0, 60)}”.`)
    const checked = bridgeCalls[name](args ?? {}, name)
    const handler = handlers[name] as (a: unknown) => Promise<unknown>
    return handler(checked)
  }
}
