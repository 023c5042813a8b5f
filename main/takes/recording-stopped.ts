/**
 * The recorder's sentence when the disk stops a take: what happened, what was kept, what to do. E.g.
 * "Recording stopped. The disk holding Booth's data is full: 1.2 MB free. Take 3 keeps the 12.3 s
 * recorded until then. Free some space, then record again."
 */
import { join } from 'node:path'
import { diskFaultIn, diskWords, freeBytes, placesOf } from '../storage/disk-problem'
import { displayText } from '../../shared/display-text'
import type { SalvagedTake } from './take-recordings'

/** `lead`: how it begins; a take stopped by the person but not saved begins "The take could not be saved." */
export async function recordingStoppedSentence(
  err: unknown,
  kept: SalvagedTake,
  dataDir: string,
  lead = 'Recording stopped.',
): Promise<string> {
  const n = kept.take.take_number
  const seconds = `${kept.seconds.toFixed(1)} s`
  const keptWords = kept.saved
    ? `Take ${n} keeps the ${seconds} recorded until then.`
    : `The ${seconds} recorded until then stay on disk as take ${n}; Booth offers the take back when it can write there again.`
  const fault = await diskFaultIn(err, dataDir)
  if (!fault) {
    const why = err instanceof Error ? displayText(err.message).replace(/\.$/, '') : 'the disk failed'
    return `${lead.replace(/\.$/, '')}: ${why}. ${keptWords} Record again once the disk is ready.`
  }
  // The free space of the disk the take is on (the takes folder may be on another disk than the data folder).
  const folder = join(dataDir, 'takes', kept.take.job_id)
  const free = fault.trouble === 'full' ? await freeBytes(...placesOf(fault, folder, dataDir)) : null
  const words = diskWords(fault, { dataDir, free, again: 'record again', near: folder })
  return `${lead} ${words.what} ${keptWords} ${words.todo}`
}
