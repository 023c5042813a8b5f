/**
 * The hostile corpus of dropped files: names a producer's tool, a customer or an attacker could give a
 * file, and damaged audio. Every test of importing takes runs these; none may crash Booth, run
 * anything, escape the job's folder or be read as an ffmpeg option or protocol.
 */

export const HOSTILE_FILE_NAMES: readonly string[] = [
  '-i.wav', // reads like an ffmpeg option
  'concat:a.wav|b.wav', // reads like an ffmpeg protocol
  'http:evil.example.wav',
  'file:..%2F..%2Fetc.wav',
  '$(touch pwned).wav',
  '`id`;rm -rf ~.wav',
  'quote\'"both.wav',
  'new\nline.wav',
  'tab\there.wav',
  'evil\u202Egnp.wav', // right-to-left override: shows as "evilvaw.png"
  'zero\u200Bwidth.wav',
  'Coca-Cola_spot (final) [v2] {x}.wav',
  'naïve café – Ünïcödé.wav',
  '音声テイク.wav',
  'شريط صوتي.wav',
  '🎙️ take 🔥.wav',
  `${'x'.repeat(240)}.wav`, // the longest a file name may be on most systems
  '.hidden.wav',
  'CON.wav', // a reserved name on Windows
  'trailing dot..wav',
  ' leading and trailing spaces .wav',
]

/** Stems (a job's suggested_stem) that must become safe file-name parts. */
export const HOSTILE_STEMS: readonly (string | null)[] = [
  '../../escape',
  'a/b\\c',
  '',
  null,
  'x'.repeat(500),
  '\u202Eevil',
  'CON',
  '..',
]
