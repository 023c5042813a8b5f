/**
 * In the web host, main fetches the file and hands back a link on Booth's own address that answers as an
 * attachment, and the browser downloads it: an <a href download> click (in a new browsing context, so
 * Booth's page stays put whatever the browser decides). Only http(s) links are followed; a relative link
 * is resolved against the page.
 */
import { safeHttpUrl } from '../format/safe-url'

/** Starts the download and answers the link it followed; null (and nothing happens) when it is not http(s). */
export function startBrowserDownload(link: string, fileName: string, doc: Document = document): string | null {
  let absolute: string
  try {
    absolute = new URL(link, doc.baseURI).href
  } catch {
    return null
  }
  const url = safeHttpUrl(absolute)
  if (!url) return null
  const a = doc.createElement('a')
  a.href = url
  a.download = fileName
  // Booth's own download links save in place; another origin's (which may ignore `download`) opens apart.
  if (new URL(url).origin !== new URL(doc.baseURI).origin) {
    a.target = '_blank'
    a.rel = 'noopener noreferrer'
  }
  a.hidden = true
  doc.body.append(a)
  try {
    a.click()
  } finally {
    a.remove()
  }
  return url
}
