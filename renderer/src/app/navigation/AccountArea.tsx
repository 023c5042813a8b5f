/** The main area when a money-and-account page is chosen: that page, fed the window's one bridge. */
import type { BoothView } from '../../store/view-slice'
import { PanelBoundary } from '../../ui/PanelBoundary'
import { AvailabilityPage, ConsentPage, EarningsPage, PreferencesPage, SettingsPage } from '../../account'

export type AccountView = Exclude<BoothView, 'jobs'>

export function AccountArea({ view }: { view: AccountView }) {
  return (
    <div id="main-area" className="main-area" data-view={view}>
      <PanelBoundary name={`${view} page`} resetKey={view}>
        {view === 'earnings' && <EarningsPage />}
        {view === 'availability' && <AvailabilityPage />}
        {view === 'preferences' && <PreferencesPage />}
        {view === 'consent' && <ConsentPage />}
        {view === 'settings' && <SettingsPage />}
      </PanelBoundary>
    </div>
  )
}
