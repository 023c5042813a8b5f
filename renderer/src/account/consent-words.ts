/** AI voice consent in plain words, and the changes a save would make, named for the confirmation. */
import type { Consent, ConsentChoice, ConsentInput } from '../../../shared/bridge-account'

type Field = keyof ConsentInput

export const CONSENT_FIELDS: Record<Field, { title: string; explain: string }> = {
  ai_word_fixes: {
    title: 'AI word fixes',
    explain:
      'A producer uses AI with your voice to fix single words in a take you recorded — a ' +
      'mispronounced name, a changed price or date — instead of asking you for a pickup.',
  },
  ai_versions: {
    title: 'AI versions',
    explain:
      'A producer uses AI with your voice to make new versions of a spot that you never recorded — other lengths, other tags, other wording.',
  },
}

export const CHOICE_WORDS: Record<ConsentChoice, { label: string; help: string }> = {
  yes: { label: 'Yes', help: 'Allowed without asking me first.' },
  ask: { label: 'Ask me', help: 'Only after I agree to it for that job.' },
  no: { label: 'No', help: 'Never.' },
}

/** 'unknown': the service sent a choice the API document does not name (main/api/answer-schemas.ts). */
const choiceText = (c: ConsentChoice | 'unknown' | null) =>
  c === null ? 'not answered' : c === 'unknown' ? 'unknown' : CHOICE_WORDS[c].label

/** A choice the form can show as ticked: none for one the service sent that Booth does not know. */
export const knownChoice = (c: ConsentChoice | 'unknown' | null): ConsentChoice | undefined =>
  c === null || c === 'unknown' ? undefined : c

/** The changes between what the service has and what is chosen, as sentences for the confirmation. */
export function consentChanges(current: Consent, next: ConsentInput): string[] {
  return (Object.keys(CONSENT_FIELDS) as Field[])
    .filter((f) => current[f] !== next[f])
    .map((f) => `${CONSENT_FIELDS[f].title}: from “${choiceText(current[f])}” to “${choiceText(next[f])}”`)
}
