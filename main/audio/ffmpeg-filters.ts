/**
 * Booth's ffmpeg checked for the filters it runs (ffmpeg-filter-list.ts), once, when Booth starts: a
 * trimmed build is named in the log at start with what it will cost, instead of at the first finish.
 */
import { FfmpegAbortError } from './ffmpeg-errors'
import { BOOTH_FILTERS, listsFilter, missingFiltersSentence } from './ffmpeg-filter-list'
import { findFfmpeg } from './find-ffmpeg'
import { runFfmpeg } from './run-ffmpeg'

/** What `ffmpeg -filters` lists for this ffmpeg (default: the one findFfmpeg finds). */
async function filterListing(ffmpegPath?: string): Promise<string> {
  const run = await runFfmpeg(['-hide_banner', '-filters'], { ffmpegPath, stdoutMaxBytes: 1 << 20 })
  return run.stdout.toString('utf8')
}

/** Whether this ffmpeg has the audio filter `name`. */
export async function hasFilter(name: string, ffmpegPath?: string): Promise<boolean> {
  return listsFilter(await filterListing(ffmpegPath), name)
}

/** The filters of BOOTH_FILTERS this ffmpeg lacks (none for a full build). */
export async function missingFilters(ffmpegPath?: string): Promise<Array<{ name: string; use: string }>> {
  const listed = await filterListing(ffmpegPath)
  return BOOTH_FILTERS.filter((f) => !listsFilter(listed, f.name))
}

/**
 * At start: which ffmpeg Booth will use and whether it has every filter Booth runs. Resolves to null when
 * all is well (or Booth quit first), else to the sentence to log (no ffmpeg at all, or the filters it lacks);
 * never throws.
 */
export async function ffmpegProblemAtStart(env: NodeJS.ProcessEnv = process.env): Promise<string | null> {
  try {
    const found = await findFfmpeg({ env })
    const missing = await missingFilters(found.path)
    return missing.length ? missingFiltersSentence(found.path, missing) : null
  } catch (err) {
    // Booth quitting before the check ended has nothing to say about ffmpeg.
    if (err instanceof FfmpegAbortError) return null
    return err instanceof Error ? err.message : String(err)
  }
}
