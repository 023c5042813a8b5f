/**
 * A script that arrived as a document: its file name, and its PDF drawn inside Booth (pdf.js into
 * <canvas>, readable offline from main's copy). "Open in browser" remains for the original file.
 */
import { useState } from 'react'
import type { JobDetail } from '../../../shared/bridge'
import { useBooth } from '../store/use-booth'
import { safeHttpUrl } from '../ui/format/safe-url'
import { ScriptPdfView } from './pdf/ScriptPdfView'
import { ShownName } from '../ui/ShownName'

type ScriptDocument = NonNullable<JobDetail['script']['document']>

interface Props {
  jobId: string
  document: ScriptDocument
  /** main's offline copy of the PDF, when it has one. */
  localPath: string | null
  fontSize: number
}

export function ScriptDocumentView({ jobId, document: doc, localPath, fontSize }: Props) {
  const pdfUrl = safeHttpUrl(doc.pdf_url)
  const downloadUrl = safeHttpUrl(doc.download_url)
  const hasPdf = pdfUrl !== null || localPath !== null
  return (
    <div className="script-document">
      <div className="doc-row">
        <span className="doc-icon" aria-hidden="true">
          ▤
        </span>
        <div>
          <div className="doc-name">
            <ShownName name={doc.file_name} />
          </div>
          <div className="muted small">
            {localPath
              ? 'Saved on this computer for offline reading.'
              : hasPdf
                ? 'PDF available.'
                : 'No PDF of this document yet.'}
          </div>
        </div>
        <div className="row-gap">
          {(pdfUrl ?? downloadUrl) && <OpenExternallyButton url={(pdfUrl ?? downloadUrl) as string} />}
        </div>
      </div>
      {hasPdf && <ScriptPdfView key={jobId} jobId={jobId} fileName={doc.file_name} fontSize={fontSize} />}
    </div>
  )
}

function OpenExternallyButton({ url }: { url: string }) {
  const [problem, setProblem] = useState<string | null>(null)
  const api = useBooth((s) => s.openExternal)
  return (
    <>
      <button
        type="button"
        className="btn btn-quiet btn-small"
        onClick={() => {
          setProblem(null)
          api(url).then(
            (r) => setProblem(r),
            () => setProblem('Booth could not open the document.'),
          )
        }}
      >
        Open in browser
      </button>
      {problem && (
        <span className="form-error small" role="alert">
          {problem}
        </span>
      )}
    </>
  )
}
