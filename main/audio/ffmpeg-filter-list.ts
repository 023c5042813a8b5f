/**
 * The ffmpeg filters Booth runs, and what each is for. A trimmed ffmpeg build (a distribution's minimal
 * package, an old static binary) can lack one; Booth checks the list once when it starts (the answer is
 * logged: ffmpeg-filters.ts) and turns ffmpeg's own "No such filter" into a sentence that names the
 * filter, what Booth needs it for and what to do (FfmpegExitError's message, ffmpeg-errors.ts).
 */

/** Every filter Booth's own ffmpeg runs use (tests may use more), with the work that needs it. */
export const BOOTH_FILTERS: ReadonlyArray<{ name: string; use: string }> = [
  { name: 'ebur128', use: 'measuring loudness and true peak (every take’s preflight)' },
  { name: 'astats', use: 'checking an imported take’s samples' },
  { name: 'atrim', use: 'trimming a take and hearing a stretch of it again' },
  { name: 'asetpts', use: 'trimming a take and hearing a stretch of it again' },
  { name: 'atempo', use: 'the finish’s pitch-keeping tempo change' },
  { name: 'anoisesrc', use: 'the read-back’s steady noise floor' },
  { name: 'amix', use: 'the read-back’s steady noise floor' },
]

/** Whether the output of `ffmpeg -filters` lists an audio filter of this name. */
export function listsFilter(filtersOutput: string, name: string): boolean {
  return filtersOutput.split('\n').some((line) => {
    const m = /^\s*[.A-Z|]{2,3}\s+(\S+)\s+(\S+->\S+)\s/.exec(line)
    return m !== null && m[1] === name && /A/.test(m[2] as string)
  })
}

/** What a missing filter costs, in one sentence: the filters, what each is for, and what to do. */
export function missingFiltersSentence(binary: string, missing: ReadonlyArray<{ name: string; use: string }>): string {
  const uses = [...new Set(missing.map((f) => f.use))]
  const names = missing.map((f) => f.name)
  const list =
    names.length === 1 ? `the ${names[0]} filter` : `the filters ${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
  return (
    `The ffmpeg Booth found (${binary}) lacks ${list}, which Booth needs for ${uses.join('; ')}. ` +
    'Install a full ffmpeg build, or set BOOTH_FFMPEG to one.'
  )
}

/** The sentence for ffmpeg's own "No such filter: 'x'" (null when the error output has none). */
export function noSuchFilterSentence(stderr: string): string | null {
  const name = /No such filter: '([^']+)'/.exec(stderr)?.[1]
  if (name === undefined) return null
  const use = BOOTH_FILTERS.find((f) => f.name === name)?.use
  return (
    `This ffmpeg has no ${name} filter${use ? `, which Booth needs for ${use}` : ''}. ` +
    'Install a full ffmpeg build, or set BOOTH_FFMPEG to one.'
  )
}
