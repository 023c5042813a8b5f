/**
 * The recorder's sentence when the disk stops a take: what happened, what was kept, what to do. E.g.
 * "Recording stopped. The disk holding Booth's data is full: 1.2 MB free. Take 3 keeps the 12.3 s
 * recorded until then. Free some space, then record again."
 */
import { diskFaultIn, diskWords, freeBytes } from '../storage/disk-problem'
import { displayText } from '../../shared/display-text'
import type { SalvagedTake } from './take-recordings'

/** `lead`: how it begins; a take stopped by the person but not saved begins "The take could not be saved." */
export async function recordingStoppedSentence(err: unknown, kept: SalvagedTake, dataDir: string, lead = 'Recording stopped.'): Promise<string> {
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
  const words = diskWords(fault, { dataDir, free: fault.trouble === 'full' ? await freeBytes(dataDir) : null, again: 'record again' })
  return `${lead} ${words.what} ${keptWords} ${words.todo}`
}
