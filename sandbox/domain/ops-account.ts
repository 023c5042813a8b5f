/**
 * Account operations: getMe, availability, preferences, consent.
 *
 * Availability: GET answers the setting shared by most profiles (ties: the first profile's), with
 * `mixed` true when profiles differ; PUT applies to every profile and answers rows_updated = the number of
 * profiles it was applied to. Days are answered sorted, without repeats.
 * Consent: `set` is true once the talent has answered; `updated_at` moves only when a value changes.
 */
import { SandboxError, type OperationContext, type OperationInput } from '../seam'
import { isValidTimeZone } from './calendar'
import type { WorldCore } from './core'
import type { Consent, Prefs } from './state'

type Input = OperationInput
type Ctx = OperationContext

function body<T>(input: Input, what: string): T {
  if (input.body === null || typeof input.body !== 'object') {
    throw new SandboxError(400, 'bad_request', `${what} needs a JSON object body.`)
  }
  return input.body as T
}

function normalizeDays(days: unknown): number[] {
  if (!Array.isArray(days) || days.some((d) => !Number.isInteger(d) || d < 1 || d > 7)) {
    throw new SandboxError(400, 'bad_request', 'days must be a list of weekday numbers from 1 (Monday) to 7 (Sunday).')
  }
  return [...new Set(days as number[])].sort((a, b) => a - b)
}

export function accountOperations(core: WorldCore) {
  return {
    getMe: (input: Input) => ({
      key_id: input.key.keyId,
      email: core.state.talent.email,
      name: core.state.talent.name,
      scopes: input.key.scopes,
      expires_at: input.key.expiresAt,
    }),

    getAvailability: (_input: Input, ctx: Ctx) => {
      const rows = core.state.availability
      const keyOf = (r: { days: number[]; same_day: boolean }): string => `${r.days.join(',')}|${r.same_day}`
      const tally = new Map<string, number>()
      for (const r of rows) tally.set(keyOf(r), (tally.get(keyOf(r)) ?? 0) + 1)
      let common = rows[0]
      for (const r of rows) if ((tally.get(keyOf(r)) ?? 0) > (tally.get(common ? keyOf(common) : '') ?? 0)) common = r
      const vc = core.view(ctx.now())
      return {
        days: common ? [...common.days] : [],
        same_day: common?.same_day ?? false,
        mixed: tally.size > 1,
        rows: rows.map((r) => ({
          voice: { id: r.voice_id, name: vc.voices.get(r.voice_id)?.name ?? '' },
          customer: { id: r.customer_id, name: vc.customers.get(r.customer_id)?.name ?? '' },
          days: [...r.days],
          same_day: r.same_day,
          agency: r.agency,
        })),
      }
    },

    putAvailability: async (input: Input) => {
      const b = body<{ days: unknown; same_day: unknown }>(input, 'Setting availability')
      const days = normalizeDays(b.days)
      if (typeof b.same_day !== 'boolean') throw new SandboxError(400, 'bad_request', 'same_day must be true or false.')
      const sameDay = b.same_day
      const rowsUpdated = await core.mutate((state) => {
        for (const row of state.availability) {
          row.days = [...days]
          row.same_day = sameDay
        }
        return state.availability.length
      })
      return { days, same_day: sameDay, rows_updated: rowsUpdated }
    },

    getPreferences: () => ({ prefs: { ...core.state.prefs }, time_zone: core.state.time_zone }),

    putPreferences: async (input: Input) => {
      const b = body<{ prefs: Prefs; time_zone: string }>(input, 'Setting preferences')
      const keys: (keyof Prefs)[] = ['due_soon', 'overdue', 'script_changed', 'changes_requested', 'delivery_approved']
      if (!b.prefs || keys.some((k) => typeof b.prefs[k] !== 'boolean')) {
        throw new SandboxError(400, 'bad_request', `prefs must hold the five booleans ${keys.join(', ')}.`)
      }
      if (typeof b.time_zone !== 'string' || !isValidTimeZone(b.time_zone)) {
        throw new SandboxError(
          400,
          'bad_request',
          `time_zone ${JSON.stringify(b.time_zone)} is not a known IANA time zone (for example Europe/Berlin).`,
        )
      }
      const prefs = Object.fromEntries(keys.map((k) => [k, b.prefs[k]])) as unknown as Prefs
      await core.mutate((state) => {
        state.prefs = prefs
        state.time_zone = b.time_zone
      })
      return { prefs: { ...prefs }, time_zone: b.time_zone }
    },

    getConsent: () => ({ consent: { ...core.state.consent } }),

    putConsent: async (input: Input, ctx: Ctx) => {
      const b = body<{ ai_word_fixes: Consent['ai_word_fixes']; ai_versions: Consent['ai_versions'] }>(
        input,
        'Setting AI permissions',
      )
      const allowed = ['yes', 'ask', 'no']
      for (const field of ['ai_word_fixes', 'ai_versions'] as const) {
        if (!allowed.includes(String(b[field])))
          throw new SandboxError(400, 'bad_request', `${field} must be yes, ask or no.`)
      }
      const consent = await core.mutate((state) => {
        const c = state.consent
        const changes = !c.set || c.ai_word_fixes !== b.ai_word_fixes || c.ai_versions !== b.ai_versions
        state.consent = {
          set: true,
          dsp: 'yes',
          ai_word_fixes: b.ai_word_fixes,
          ai_versions: b.ai_versions,
          updated_at: changes ? ctx.now() : c.updated_at,
        }
        return { ...state.consent }
      })
      return { consent }
    },
  }
}
