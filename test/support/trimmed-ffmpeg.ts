/**
 * A stand-in for a trimmed ffmpeg build without atempo, over the real ffmpeg: its filter list lacks atempo,
 * and a run asking for atempo asks the real ffmpeg for a filter no build has (atempo_absent), so ffmpeg
 * itself answers "No such filter", as a build without atempo would.
 */
import { chmod, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/** Writes the stand-in as `dir`/ffmpeg over the ffmpeg at `real`; returns its path. */
export async function trimmedFfmpeg(dir: string, real: string): Promise<string> {
  const path = join(dir, 'ffmpeg')
  await writeFile(
    path,
    [
      '#!/bin/sh',
      `for a in "$@"; do if [ "$a" = "-filters" ]; then "${real}" "$@" | grep -v " atempo "; exit 0; fi; done`,
      'for a in "$@"; do case "$a" in *atempo=*) set -- $(printf "%s\\n" "$@" | sed "s/atempo=/atempo_absent=/"); break;; esac; done',
      `exec "${real}" "$@"`,
      '',
    ].join('\n'),
  )
  await chmod(path, 0o755)
  return path
}
