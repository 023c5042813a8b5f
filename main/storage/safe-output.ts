/**
 * An output file that can never be one of its inputs (BRIEF: no command or screen ever writes over a take).
 * Before anything is written, and again right before the rename, the output is compared with every input:
 * - by real path: the output's folder resolved through symbolic links and `..`, then its name;
 * - by device + inode when the output exists (a hard link, or a symlink at the output's own name);
 * - by name ignoring case and Unicode normalisation in the same real folder: on macOS and Windows disks
 *   `Take.wav` is `take.wav`, so a case-only difference is refused on every disk, not only those.
 * The audio is written to a temporary file beside the output (a dot name ending `.partial`, which a start
 * clears inside Booth's data folder) and renamed onto the output only when everything succeeded; on any
 * failure the temporary file is removed and the output, if one was there, is as it was.
 */
import { randomBytes } from 'node:crypto'
import { realpath, rename, rm, stat } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'

/** An output refused: it is an input under another name, or its folder cannot be used. One sentence. */
export class OutputRefusal extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'OutputRefusal'
  }
}

/** The name as a case-insensitive, normalisation-insensitive disk compares it. */
const folded = (name: string): string => name.normalize('NFC').toLowerCase()

async function realFolder(path: string, output: string): Promise<string> {
  try {
    return await realpath(dirname(resolve(path)))
  } catch (err) {
    throw new OutputRefusal(
      `The output ${output} cannot be written: its folder ${dirname(path)} ` +
        `${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : `cannot be opened (${(err as NodeJS.ErrnoException).code ?? 'unknown'})`}.`,
    )
  }
}

/** The real path of an input (itself resolved when it is a link), or its folder's real path and name when it is gone. */
async function realInput(path: string): Promise<string> {
  try {
    return await realpath(resolve(path))
  } catch {
    return join(await realpath(dirname(resolve(path))).catch(() => dirname(resolve(path))), basename(path))
  }
}

/**
 * Refuses `output` when it is, or would replace, one of `inputs`; returns its real path (real folder + name).
 * `what` names the inputs in the sentence ("the take").
 */
export async function checkOutput(output: string, inputs: readonly string[], what = 'an input'): Promise<string> {
  const target = join(await realFolder(output, output), basename(resolve(output)))
  const there = await stat(target).catch(() => null)
  if (there?.isDirectory()) throw new OutputRefusal(`The output ${output} is a folder; give a file name.`)
  for (const input of inputs) {
    const real = await realInput(input)
    const same =
      real === target ||
      folded(real) === folded(target) ||
      (there !== null &&
        (await stat(input).then(
          (s) => s.dev === there.dev && s.ino === there.ino,
          () => false,
        )))
    if (same) {
      throw new OutputRefusal(
        `The output ${output} is ${what} ${input} under another name ` +
          `(${sameness(real, target)}); ` +
          `it is never written over. Give another output file.`,
      )
    }
  }
  return target
}

/**
 * Writes an output through a temporary file beside it: `write` gets the temporary path; when it resolves
 * the output is checked again and the file renamed onto it. Whatever fails (the check, `write`, the rename)
 * removes the temporary file and rethrows, so nothing is left and no input is touched.
 */
export async function writeOutputSafely<T>(
  output: string,
  inputs: readonly string[],
  write: (temp: string, target: string) => Promise<T>,
  what?: string,
): Promise<T> {
  const target = await checkOutput(output, inputs, what)
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.partial`)
  try {
    const result = await write(temp, target)
    // The disk may have changed while the work ran (a link made, a folder swapped): checked again.
    if ((await checkOutput(output, inputs, what)) !== target)
      throw new OutputRefusal(`The output ${output} moved while it was being written; nothing was written.`)
    try {
      await rename(temp, target)
    } catch (err) {
      throw new OutputRefusal(
        `The output ${output} cannot be written (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}).`,
      )
    }
    return result
  } catch (err) {
    await rm(temp, { force: true }).catch(() => undefined)
    throw err
  }
}

/** How the output is the input under another name, in words. */
function sameness(real: string, target: string): string {
  if (real === target) return 'the same file'
  if (folded(real) === folded(target)) return 'the same name but for case, which macOS and Windows disks treat as one'
  return 'a link to the same file'
}
