/**
 * A real-looking 30-second radio spot, and ways of reading it, for the read-back tests and benchmark.
 * Speech is made with espeak-ng; `speak` returns the WAV and how long a given prefix of the read text lasts,
 * which is where in the take a difference should be found.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { join } from 'node:path'

const run = promisify(execFile)

export const SPOT_SCRIPT = [
  "This Saturday only, it's the biggest sale of the year at Dream Street Furniture.",
  'Save 20% on every mattress in the store, and get free delivery on orders over $499.',
  'Queen mattresses start at just $299.',
  'Our sleep experts are here to help you find the perfect fit.',
  'Visit us at 1400 Harbor Boulevard, open 9 to 9.',
  'Dream Street Furniture, where better sleep begins.',
  'Offer ends Saturday, June 14; restrictions apply, see store for details.',
].join(' ')

/** Seconds of speech espeak-ng makes for a text (a WAV's data size over its byte rate). */
export async function speak(text: string, dir: string, name: string): Promise<{ wav: string; duration_s: number }> {
  const wav = join(dir, `${name}.wav`)
  await run('espeak-ng', ['-v', 'en-us+f2', '-s', '175', '-w', wav, text])
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', wav])
  return { wav, duration_s: Number(stdout.trim()) }
}

/** The read text with `from` replaced by `to` (first occurrence after `after`, if given). */
export function misread(text: string, from: string, to: string, after = ''): string {
  const start = text.indexOf(from, after ? text.indexOf(after) : 0)
  if (start < 0) throw new Error(`"${from}" is not in the text`)
  return text.slice(0, start) + to + text.slice(start + from.length)
}
