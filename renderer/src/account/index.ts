/** The account pages, for the shell's navigation. Each reads the bridge and its store through <BridgeProvider> (useBridge, useAccount). */
export { EarningsPage } from './EarningsPage'
export { AvailabilityPage } from './AvailabilityPage'
export { PreferencesPage } from './PreferencesPage'
export { ConsentPage } from './ConsentPage'
export { SettingsPage } from './SettingsPage'
export { createAccountStore, useAccount, useAccountStore, type AccountSlice } from './account-store'
