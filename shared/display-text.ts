/**
 * How Booth shows a name it was given (job title, customer, voice, producer, account, file name): as
 * the characters it really has, on one line, with nothing that can make it look like another name.
 * Both sides use it: the renderer for every name (and error text) it shows, main for every name it
 * quotes in a sentence (quotedName), so a refusal never shows a file as a different name.
 *
 * - Bidirectional controls (U+202A–202E embeddings and overrides, U+2066–2069 isolates, U+200E/U+200F
 *   marks, U+061C Arabic letter mark) and the deprecated format controls beside them (U+206A–206F:
 *   symmetric swapping, Arabic shaping, digit shapes) are removed: "invoice\u202Egnp.exe" would otherwise
 *   display as "invoiceexe.png". Right-to-left LETTERS are kept; the element that shows the name isolates it
 *   (<bdi>, see ShownName.tsx), so a Hebrew or Arabic name reads correctly without reordering its neighbours.
 * - Other control characters (line breaks, tabs, NUL, C1 controls) and the line and paragraph separators
 *   U+2028/U+2029 become one space each, so a name stays one line; a lone surrogate (half an emoji) becomes
 *   U+FFFD.
 * Main applies it to every name of every API answer as it enters Booth (main/api/answer-names.ts).
 * Length is not cut here: the CSS wraps or shortens long names and the full name stays in a title.
 */

const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u206F\u200E\u200F\u061C]/g
const CONTROLS = /[\p{Cc}\u2028\u2029]/gu
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/** A name as Booth shows it (see above). Idempotent; never throws. */
export function displayText(name: string): string {
  return name.replace(BIDI_CONTROLS, '').replace(CONTROLS, ' ').replace(LONE_SURROGATE, '\uFFFD')
}

/**
 * A name (a dropped file's name, a path, any value a caller gave) as main quotes it in a sentence for the
 * person: neutralised as above and wrapped in quotes, so "\u202Evaw.exe" cannot turn the rest of the
 * sentence around or pass for another name. Every message that names a file builds it with this.
 */
export function quotedName(name: string): string {
  return `"${displayText(name)}"`
}
