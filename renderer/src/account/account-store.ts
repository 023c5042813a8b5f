/**
 * The account pages' zustand slice: what each page shows (loaded through the bridge), whether a save is
 * running, and how the last one ended. Made once per window by createStores. Who is signed in is not
 * kept here: the session lives in the booth store alone (useBooth((s) => s.session)).
 */
import { useStore } from 'zustand'
import { createStore, type StateCreator, type StoreApi } from 'zustand/vanilla'
import { useShallow } from 'zustand/react/shallow'
import type { BoothApi } from '../../../shared/bridge'
import type {
  AccountSettingsView,
  AvailabilityInput,
  AvailabilityView,
  ConsentInput,
  ConsentView,
  EarningsQuery,
  EarningsView,
  NamedRef,
  PreferencesInput,
  PreferencesView,
} from '../../../shared/bridge-account'
import { errorText } from '../store/error-text'
import type { StoreHandle } from '../store/store-handle'
import { useStores } from '../bridge/BridgeProvider'
import { customersOf } from './earnings-math'

declare module '../bridge/BridgeProvider' {
  /** This store, as the window's provider holds it (useStores().account). */
  interface BoothStoreRegistry {
    account: StoreApi<AccountSlice>
  }
}

export interface Loadable<T> {
  data: T | null
  loading: boolean
  error: string | null
}

export interface SaveState {
  busy: boolean
  error: string | null
  /** The last confirmed save; `replayed` means the service had it already (shown as saved all the same). */
  lastSaved: { at: number; replayed: boolean } | null
}

export type SavablePage = 'availability' | 'preferences' | 'consent'

export interface AccountSlice {
  earnings: Loadable<EarningsView>
  /** Customers seen in any earnings answer, for the customer filter. */
  customers: NamedRef[]
  availability: Loadable<AvailabilityView>
  preferences: Loadable<PreferencesView>
  consent: Loadable<ConsentView>
  saves: Record<SavablePage, SaveState>
  settings: Loadable<AccountSettingsView>
  assumptions: Loadable<string>
  loadEarnings(query: EarningsQuery): Promise<void>
  loadAvailability(): Promise<void>
  saveAvailability(input: AvailabilityInput): Promise<boolean>
  loadPreferences(): Promise<void>
  savePreferences(input: PreferencesInput): Promise<boolean>
  loadConsent(): Promise<void>
  saveConsent(input: ConsentInput): Promise<boolean>
  loadSettings(): Promise<void>
  clearCachedScripts(): Promise<boolean>
  loadAssumptions(): Promise<void>
  clearSaveError(page: SavablePage): void
}

const idle = <T>(): Loadable<T> => ({ data: null, loading: false, error: null })
const noSave: SaveState = { busy: false, error: null, lastSaved: null }

type LoadableKey = 'earnings' | 'availability' | 'preferences' | 'consent' | 'settings' | 'assumptions'

export const createAccountSlice =
  (api: BoothApi): StateCreator<AccountSlice> =>
  (set, get) => {
    /** Runs a read into one Loadable; an answer that arrives after a newer request is dropped. */
    const ticket: Partial<Record<LoadableKey, number>> = {}
    async function load<K extends LoadableKey>(
      key: K,
      read: () => Promise<AccountSlice[K]['data']>,
    ): Promise<AccountSlice[K]['data'] | null> {
      const mine = (ticket[key] = (ticket[key] ?? 0) + 1)
      set((s) => ({ [key]: { ...s[key], loading: true, error: null } }) as Partial<AccountSlice>)
      try {
        const data = await read()
        if (ticket[key] === mine) set({ [key]: { data, loading: false, error: null } } as Partial<AccountSlice>)
        return data
      } catch (err) {
        if (ticket[key] === mine)
          set((s) => ({ [key]: { ...s[key], loading: false, error: errorText(err) } }) as Partial<AccountSlice>)
        return null
      }
    }

    async function save<T extends { replayed: boolean; savedAt: number }>(
      page: SavablePage,
      write: () => Promise<T>,
      after: (result: T) => void,
    ): Promise<boolean> {
      const setSave = (next: Partial<SaveState>) =>
        set((s) => ({ saves: { ...s.saves, [page]: { ...s.saves[page], ...next } } }))
      setSave({ busy: true, error: null })
      try {
        const result = await write()
        setSave({ busy: false, lastSaved: { at: result.savedAt, replayed: result.replayed } })
        after(result)
        return true
      } catch (err) {
        setSave({ busy: false, error: errorText(err) })
        return false
      }
    }

    return {
      earnings: idle(),
      customers: [],
      availability: idle(),
      preferences: idle(),
      consent: idle(),
      saves: { availability: noSave, preferences: noSave, consent: noSave },
      settings: idle(),
      assumptions: idle(),

      loadEarnings: async (query) => {
        const view = await load('earnings', () => api.getEarnings(query))
        if (view?.report)
          set((s) => ({ customers: customersOf(view.report as NonNullable<EarningsView['report']>, s.customers) }))
      },

      loadAvailability: async () => {
        await load('availability', () => api.getAvailability({}))
      },
      saveAvailability: (input) =>
        save(
          'availability',
          () => api.saveAvailability(input),
          () => void get().loadAvailability(),
        ),

      loadPreferences: async () => {
        await load('preferences', () => api.getPreferences({}))
      },
      savePreferences: (input) =>
        save(
          'preferences',
          () => api.savePreferences(input),
          (r) =>
            set((s) => ({
              preferences: {
                ...s.preferences,
                data: s.preferences.data && { ...s.preferences.data, preferences: r.saved, pending: null },
              },
            })),
        ),

      loadConsent: async () => {
        await load('consent', () => api.getConsent({}))
      },
      saveConsent: (input) =>
        save(
          'consent',
          () => api.saveConsent(input),
          (r) =>
            set((s) => ({
              consent: { ...s.consent, data: s.consent.data && { ...s.consent.data, consent: r.saved, pending: null } },
            })),
        ),

      loadSettings: async () => {
        await load('settings', () => api.getAccountSettings({}))
      },
      clearCachedScripts: async () => {
        const view = await load('settings', () => api.clearCachedScripts({}))
        return view !== null
      },
      loadAssumptions: async () => {
        if (get().assumptions.data !== null) return
        await load('assumptions', async () => (await api.getApiAssumptions({})).text)
      },
      clearSaveError: (page) => set((s) => ({ saves: { ...s.saves, [page]: { ...s.saves[page], error: null } } })),
    }
  }

/** The account pages' store of the window's bridge (made once by createStores). */
export function createAccountStore(api: BoothApi): StoreHandle<AccountSlice> {
  return { store: createStore<AccountSlice>()(createAccountSlice(api)), unsubscribe: () => undefined }
}

/** Hooks for components: the window's account store from <BridgeProvider>. */
export function useAccountStore(): StoreApi<AccountSlice> {
  return useStores().account
}

export function useAccount<T>(selector: (state: AccountSlice) => T): T {
  return useStore(useAccountStore(), useShallow(selector))
}
