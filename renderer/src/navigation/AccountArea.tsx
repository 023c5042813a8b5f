/** The main area when a money-and-account page is chosen: that page, fed the window's one bridge. */
import type { BoothApi } from '../../../shared/bridge'
import type { BoothView } from '../store/view-slice'
import { PanelBoundary } from '../components/PanelBoundary'
import { AvailabilityPage, ConsentPage, EarningsPage, PreferencesPage, SettingsPage } from '../account'

export type AccountView = Exclude<BoothView, 'jobs'>

export function AccountArea({ view, api }: { view: AccountView; api: BoothApi }) {
  return (
    <div id="main-area" className="main-area" data-view={view}>
      <PanelBoundary name={`${view} page`} resetKey={view}>
        {view === 'earnings' && <EarningsPage api={api} />}
        {view === 'availability' && <AvailabilityPage api={api} />}
        {view === 'preferences' && <PreferencesPage api={api} />}
        {view === 'consent' && <ConsentPage api={api} />}
        {view === 'settings' && <SettingsPage api={api} />}
      </PanelBoundary>
    </div>
  )
}
