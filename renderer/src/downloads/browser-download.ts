/**
 * In the web host, main hands back a short-lived http(s) link and the browser downloads it itself:
 * an <a href download> click (in a new browsing context, so Booth's page stays put even where the
 * browser ignores `download` for another origin's link). Only http(s) links are followed.
 */
import { safeHttpUrl } from '../script/safe-url'

/** Starts the download; false (and nothing happens) when the link is not http(s). */
export function startBrowserDownload(link: string, fileName: string, doc: Document = document): boolean {
  const url = safeHttpUrl(link)
  if (!url) return false
  const a = doc.createElement('a')
  a.href = url
  a.download = fileName
  a.target = '_blank'
  a.rel = 'noopener noreferrer'
  a.hidden = true
  doc.body.append(a)
  try {
    a.click()
  } finally {
    a.remove()
  }
  return true
}
