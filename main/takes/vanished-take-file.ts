/**
 * A take's file that went away under a call: the talent deleted the take (its files moved to the trash) or
 * relabelled it (its audio renamed) while a slower call about it was still working, e.g. the window asking
 * for a take's sentences as its Delete was pressed. Said as that, in words (a 404 the page drops with the
 * row), not as an internal error with a stack. A file that a take record in its folder still names is not
 * "gone meanwhile" but missing: that stays the error it is.
 */
import { readdir } from 'node:fs/promises'
import { basename, dirname, relative, isAbsolute, sep } from 'node:path'
import { META_SUFFIX, readTakeMeta } from './take-meta-file'
import { exists } from './take-folders'

const AUDIO = /\.(wav|aiff?|flac|mp3|m4a)$/i

/** The sentence for an ENOENT on a file in <dataDir>/takes/<job>/ that no take there names now; else null. */
export async function vanishedTakeFile(err: unknown, dataDir: string): Promise<string | null> {
  const e = err as NodeJS.ErrnoException | null
  if (e?.code !== 'ENOENT' || typeof e.path !== 'string') return null
  const inTakes = relative(`${dataDir}${sep}takes`, e.path)
  if (inTakes === '' || inTakes.startsWith('..') || isAbsolute(inTakes)) return null
  if (await exists(e.path)) return null
  const folder = dirname(e.path)
  const name = basename(e.path)
  const records = (await readdir(folder).catch(() => [] as string[])).filter((n) => n.endsWith(META_SUFFIX))
  for (const r of records) {
    const read = await readTakeMeta(`${folder}${sep}${r}`)
    const named = read.ok ? read.meta.file_name : read.fileName
    if (named === name) return null
  }
  const take = AUDIO.test(name) ? name.replace(AUDIO, '') : 'The take'
  return `${take} was deleted or renamed while Booth was working on it.`
}
