/** The account pages, for the shell's navigation. Each takes the typed bridge: `<EarningsPage api={api} />`. */
export { EarningsPage } from './EarningsPage'
export { AvailabilityPage } from './AvailabilityPage'
export { PreferencesPage } from './PreferencesPage'
export { ConsentPage } from './ConsentPage'
export { SettingsPage } from './SettingsPage'
export { accountStoreFor, useAccount, type AccountSlice } from './account-store'
