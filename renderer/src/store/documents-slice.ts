/**
 * Files a job carries, fetched by main (the renderer never touches the network): the script PDF for the
 * in-app viewer (main answers from its offline copy when the service cannot be reached), the merged
 * "Scripts PDF" of several jobs, and attachments.
 */
import type { StateCreator } from 'zustand'
import type { AttachmentDownload, BoothApi, ScriptPdf, ScriptsPdfResult } from '../../../shared/bridge'
import type { BoothState } from './booth-state'
import { outcomeOf, type CallOutcome } from './call-outcome'

export const SCRIPTS_PDF_MAX = 25

export interface DocumentsSlice {
  fetchScriptPdf(jobId: string): Promise<CallOutcome<ScriptPdf>>
  makeScriptsPdf(jobIds: string[]): Promise<CallOutcome<ScriptsPdfResult>>
  downloadAttachment(args: {
    jobId: string
    attachmentId: string
    fileName: string
  }): Promise<CallOutcome<AttachmentDownload>>
}

export const createDocumentsSlice =
  (api: BoothApi): StateCreator<BoothState, [], [], DocumentsSlice> =>
  () => ({
    fetchScriptPdf: (jobId) => outcomeOf(() => api.getScriptPdf({ jobId })),
    makeScriptsPdf: (jobIds) => {
      if (jobIds.length === 0)
        return Promise.resolve({ ok: false, error: 'Choose at least one job for the scripts PDF.' })
      if (jobIds.length > SCRIPTS_PDF_MAX) {
        return Promise.resolve({
          ok: false,
          error: `A scripts PDF can hold at most ${SCRIPTS_PDF_MAX} jobs; ${jobIds.length} are selected.`,
        })
      }
      return outcomeOf(() => api.scriptsPdf({ jobIds }))
    },
    downloadAttachment: (args) => {
      const fileName = args.fileName.trim().slice(0, 255) || `attachment-${args.attachmentId}`
      return outcomeOf(() => api.downloadAttachment({ ...args, fileName }))
    },
  })
