/**
 * A script that arrived as a document: its file name, and the PDF shown inside Booth (an <iframe> of the
 * PDF link) when there is one. The local offline copy is mentioned when main has one.
 */
import { useEffect, useState } from 'react'
import type { JobDetail } from '../../../shared/bridge'
import { useBooth } from '../store/store-context'
import { safeHttpUrl } from '../script/safe-url'

type ScriptDocument = NonNullable<JobDetail['script']['document']>

export function ScriptDocumentView({ document: doc, localPath }: { document: ScriptDocument; localPath: string | null }) {
  const [showPdf, setShowPdf] = useState(false)
  const [blocked, setBlocked] = useState(false)
  const pdfUrl = safeHttpUrl(doc.pdf_url)
  const downloadUrl = safeHttpUrl(doc.download_url)

  // The window's security policy decides which frames may load; if it refuses this PDF, say so in words.
  useEffect(() => {
    if (!showPdf) return
    const onViolation = (e: SecurityPolicyViolationEvent) => {
      if (e.effectiveDirective === 'frame-src' || e.violatedDirective.startsWith('frame-src')) setBlocked(true)
    }
    document.addEventListener('securitypolicyviolation', onViolation)
    return () => document.removeEventListener('securitypolicyviolation', onViolation)
  }, [showPdf])
  return (
    <div className="script-document">
      <div className="doc-row">
        <span className="doc-icon" aria-hidden="true">▤</span>
        <div>
          <div className="doc-name">{doc.file_name}</div>
          <div className="muted small">
            {localPath ? 'Saved on this computer for offline reading.' : pdfUrl ? 'PDF available.' : 'No PDF of this document yet.'}
          </div>
        </div>
        <div className="row-gap">
          {pdfUrl && (
            <button type="button" className="btn btn-small" aria-expanded={showPdf} onClick={() => setShowPdf(!showPdf)}>
              {showPdf ? 'Hide PDF' : 'Show PDF here'}
            </button>
          )}
          {(pdfUrl ?? downloadUrl) && <OpenExternallyButton url={(pdfUrl ?? downloadUrl) as string} />}
        </div>
      </div>
      {showPdf && pdfUrl && blocked && (
        <p className="notice notice-muted" role="status">
          Booth’s security settings do not allow this PDF inside the window. Use “Open in browser” to read it.
        </p>
      )}
      {showPdf && pdfUrl && !blocked && <iframe className="pdf-frame" src={pdfUrl} title={`Script document ${doc.file_name}`} referrerPolicy="no-referrer" />}
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
          api(url).then((r) => setProblem(r), () => setProblem('Booth could not open the document.'))
        }}
      >
        Open in browser
      </button>
      {problem && <span className="form-error small" role="alert">{problem}</span>}
    </>
  )
}
