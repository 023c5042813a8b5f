/**
 * The takes area's own errors as sentences the page may show (a take not found, not audio, a take that
 * cannot do that now, a disk that is full or read-only), for every bridge call that touches takes: the
 * take calls and the read-back's.
 */
import { join } from 'node:path'
import { UserFacingError } from '../bridge/describe-error'
import { DiskProblemError, diskProblemFor } from '../storage/disk-problem'
import { TakeInputError } from './take-input-checks'
import { NotAudioError } from './take-probe'
import { TakeNotFoundError } from './take-shelf'
import { WavWriterError } from '../media/wav-writer'
import { UnreadableVersionError } from '../version-records/version-meta'
import { vanishedTakeFile } from './vanished-take-file'

/** Where Booth's data is, and what the person does once the disk is fixed ("record again"). */
export interface DiskContext {
  dataDir: string
  again: string
}

export async function guardTakeErrors<T>(run: () => Promise<T>, disk?: DiskContext): Promise<T> {
  try {
    return await run()
  } catch (err) {
    if (err instanceof UserFacingError || err instanceof DiskProblemError) throw err
    // First: a write the disk refused says so, whatever error wrapped it on the way.
    const problem = disk ? await diskProblemFor(err, disk.dataDir, disk.again, [join(disk.dataDir, 'takes')]) : null
    if (problem) throw problem
    // A take's file gone under the call (the take deleted or relabelled meanwhile): said so, not as a crash.
    const gone = disk ? await vanishedTakeFile(err, disk.dataDir) : null
    if (gone !== null) throw new UserFacingError('not_found', gone, 404)
    if (err instanceof TakeNotFoundError) throw new UserFacingError('not_found', err.message, 404)
    if (err instanceof NotAudioError) throw new UserFacingError('not_audio', err.message, 400)
    if (err instanceof TakeInputError || err instanceof WavWriterError || err instanceof UnreadableVersionError)
      throw new UserFacingError('take', err.message, 409)
    throw err
  }
}
