/**
 * Bundled for a real Chromium page: renders one account page (inside <BridgeProvider>) with a BoothApi whose calls go to Node
 * (page.exposeFunction 'boothCall'), where the real bridge checks and account handlers answer them.
 */
import { createRoot } from 'react-dom/client'
import type { BoothApi } from '../../../../shared/bridge'
import { bridgeCalls } from '../../../../shared/bridge'
import {
  AvailabilityPage,
  ConsentPage,
  EarningsPage,
  PreferencesPage,
  SettingsPage,
} from '../../../../renderer/src/account'
import { createStores } from '../../../../renderer/src/app/create-stores'
import { BridgeProvider } from '../../../../renderer/src/bridge/BridgeProvider'

declare global {
  interface Window {
    boothCall(name: string, args: unknown): Promise<{ ok: true; result: unknown } | { ok: false; message: string }>
    showAccountPage(name: string): void
  }
}

const api: Record<string, unknown> = { on: () => () => {} }
for (const name of Object.keys(bridgeCalls)) {
  api[name] = async (args: unknown) => {
    const answer = await window.boothCall(name, args)
    if (!answer.ok) throw new Error(answer.message)
    return answer.result
  }
}
const booth = api as BoothApi
// The window's stores, as main.tsx makes them; the session comes from the booth store, as App loads it.
const made = createStores(booth)
void made.stores.booth.getState().loadSession()
const PAGES = { EarningsPage, AvailabilityPage, PreferencesPage, ConsentPage, SettingsPage }

window.showAccountPage = (name) => {
  const Page = PAGES[name as keyof typeof PAGES]
  const host = document.createElement('div')
  document.body.replaceChildren(host)
  createRoot(host).render(
    <BridgeProvider api={booth} stores={made.stores}>
      <Page />
    </BridgeProvider>,
  )
}
