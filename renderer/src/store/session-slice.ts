/** Who is signed in (or demo), and the calls that change it. */
import type { StateCreator } from 'zustand'
import type { BoothApi, SessionState } from '../../../shared/bridge'
import type { BoothState } from './booth-state'
import { errorText } from './error-text'

export interface SessionSlice {
  session: SessionState | null
  sessionError: string | null
  sessionBusy: 'loading' | 'signing_in' | 'starting_demo' | 'signing_out' | null
  loadSession(): Promise<void>
  signIn(baseUrl: string, apiKey: string): Promise<boolean>
  startDemo(): Promise<void>
  signOut(): Promise<void>
  applySession(session: SessionState): void
}

export function isActiveSession(session: SessionState | null): boolean {
  return session?.mode === 'signed_in' || session?.mode === 'demo'
}

export const createSessionSlice =
  (api: BoothApi): StateCreator<BoothState, [], [], SessionSlice> =>
  (set, get) => {
    async function run(
      busy: NonNullable<SessionSlice['sessionBusy']>,
      call: () => Promise<SessionState>,
    ): Promise<boolean> {
      set({ sessionBusy: busy, sessionError: null })
      try {
        get().applySession(await call())
        return true
      } catch (err) {
        set({ sessionError: errorText(err) })
        return false
      } finally {
        set({ sessionBusy: null })
      }
    }
    return {
      session: null,
      sessionError: null,
      sessionBusy: null,
      loadSession: async () => {
        await run('loading', () => api.getSession({}))
      },
      signIn: (baseUrl, apiKey) =>
        run('signing_in', () => api.signIn({ baseUrl: baseUrl.trim(), apiKey: apiKey.trim() })),
      startDemo: async () => {
        await run('starting_demo', () => api.startDemo({}))
      },
      signOut: async () => {
        await run('signing_out', () => api.signOut({}))
      },
      applySession: (session) => {
        const wasActive = isActiveSession(get().session)
        set({ session })
        if (isActiveSession(session) && !wasActive) void get().loadJobs()
        if (!isActiveSession(session) && wasActive) get().resetJobs()
      },
    }
  }
