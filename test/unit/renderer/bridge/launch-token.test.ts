/**
 * The tab's key across a Booth started again: the old page's transport, giving up on the old Booth (its
 * proof no longer checks), forgets only the key it was using, never the new one the tab was just given by
 * Booth's new address pasted in (the page is about to load afresh with it). Found in a clean-clone run:
 * the restarted page said "not connected" because the old transport's give-up came between the two.
 */
import { describe, expect, it } from 'vitest'
import { forgetLaunchToken, takeLaunchToken } from '../../../../renderer/src/bridge/http-transport'

function memoryStorage(): Storage {
  const items = new Map<string, string>()
  return {
    get length() {
      return items.size
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, v),
  }
}
const at = (hash: string) => ({ hash, pathname: '/', search: '' }) as Location
const history = { replaceState: () => undefined } as unknown as History

describe('the tab key', () => {
  it('is forgotten when the transport that used it gives up', () => {
    const store = memoryStorage()
    const old = takeLaunchToken(at('#t=oldkey'), store, history) as string
    forgetLaunchToken(store, old)
    expect(takeLaunchToken(at(''), store, history)).toBeNull()
  })

  it('a newer key given meanwhile stays when the old transport gives up', () => {
    const store = memoryStorage()
    const old = takeLaunchToken(at('#t=oldkey'), store, history) as string
    expect(takeLaunchToken(at('#t=newkey'), store, history)).toBe('newkey')
    forgetLaunchToken(store, old)
    expect(takeLaunchToken(at(''), store, history)).toBe('newkey')
  })
})
