/** Where a recording goes: main's recording calls for one job, with the next take's label and the script on screen. */
import type { BoothApi, JobDetail } from '../../../shared/bridge'
import { MAX_SCRIPT_TEXT, type TakeLabelValue, type TakeView } from '../../../shared/bridge-takes'
import type { RecordingSink } from './recorder/pcm-capture'

/** Stopping answers the finished take, with its check, so the window shows it without asking again. */
export function sinkFor(api: BoothApi, job: JobDetail, label: TakeLabelValue): RecordingSink<TakeView> {
  const jobId = job.job_id
  // The take remembers the script on screen, so a later revision marks it as read from the older one.
  const script =
    job.script.kind === 'none'
      ? undefined
      : { revision_id: job.script.revision_id, text: job.script.text.slice(0, MAX_SCRIPT_TEXT) }
  return {
    start: async ({ sampleRate, channels }) =>
      (await api.startRecording({ jobId, sampleRate, channels, label, script })).takeId,
    append: (takeId, pcmBase64) => api.appendRecording({ takeId, pcmBase64 }),
    stop: (takeId, lastPcmBase64, appended) =>
      api.stopRecording(
        lastPcmBase64 === undefined ? { takeId, appended } : { takeId, pcmBase64: lastPcmBase64, appended },
      ),
    cancel: async (takeId) => void (await api.cancelRecording({ takeId })),
  }
}
