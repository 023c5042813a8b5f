/**
 * What Settings → About shows: Booth's version and its runtime's, and the text of
 * resources/api/ASSUMPTIONS.md (Booth's decisions where the API document is silent).
 *
 * Files are found relative to the app root, which is two folders up from this module both in the source
 * tree (main/account/) and in the built bundle (out/main/); packaging must keep package.json and
 * resources/api/ASSUMPTIONS.md at that root (inside app.asar is fine: Electron's fs reads it).
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { UserFacingError } from '../bridge/describe-error'

/** The app root (the folder holding package.json). */
export const DEFAULT_APP_ROOT = fileURLToPath(new URL('../../', import.meta.url))

export const ASSUMPTIONS_PATH = ['resources', 'api', 'ASSUMPTIONS.md'] as const

/** The talent API version Booth speaks (the talent API reference: every body carries api_version '1'). */
export const API_VERSION = '1'

export interface Versions {
  booth: string
  electron: string | null
  chrome: string | null
  node: string
  api: string
}

export async function readVersions(
  appRoot = DEFAULT_APP_ROOT,
  versions: NodeJS.ProcessVersions = process.versions,
): Promise<Versions> {
  let booth = 'unknown'
  try {
    const pkg = JSON.parse(await readFile(join(appRoot, 'package.json'), 'utf8')) as { version?: unknown }
    if (typeof pkg.version === 'string') booth = pkg.version
  } catch {
    // Shown as "unknown"; the rest of About still works.
  }
  const extra = versions as NodeJS.ProcessVersions & { electron?: string; chrome?: string }
  return {
    booth,
    electron: extra.electron ?? null,
    chrome: extra.chrome ?? null,
    node: versions.node,
    api: API_VERSION,
  }
}

/** Longest assumptions text served to the page (the file is a few kilobytes). */
const MAX_ASSUMPTIONS_CHARS = 200_000

export async function readAssumptions(appRoot = DEFAULT_APP_ROOT): Promise<string> {
  const path = join(appRoot, ...ASSUMPTIONS_PATH)
  try {
    const text = await readFile(path, 'utf8')
    return text.length > MAX_ASSUMPTIONS_CHARS ? `${text.slice(0, MAX_ASSUMPTIONS_CHARS)}\n…` : text
  } catch {
    throw new UserFacingError(
      'missing_file',
      'Booth could not find its notes on the API (resources/api/ASSUMPTIONS.md); this copy of Booth may be incomplete.',
      500,
    )
  }
}
