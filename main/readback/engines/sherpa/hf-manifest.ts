/**
 * The list of a model's files with their sizes and checksums, read from the Hugging Face model API
 * (`/api/models/<repo>/tree/<revision>`): large files carry their SHA-256 (the LFS object id), small
 * ones their Git blob SHA-1. Downloads then come from `/<repo>/resolve/<revision>/<file>`.
 */
import type { ManifestFile } from './model-download'
import type { ModelSpec } from './sherpa-model'

const HF_BASE = 'https://huggingface.co'

interface TreeEntry {
  type?: string
  path?: string
  size?: number
  oid?: string
  lfs?: { oid?: string; size?: number }
}

function manifestFromTree(spec: ModelSpec, tree: unknown, base = HF_BASE): ManifestFile[] {
  if (!Array.isArray(tree)) throw new Error('The model list from Hugging Face is not a list.')
  const entries = tree as TreeEntry[]
  return spec.files.map((name) => {
    const e = entries.find((x) => x.path === name && x.type === 'file')
    if (!e) throw new Error(`The model's server does not list ${name}.`)
    const url = `${base}/${spec.repo}/resolve/${encodeURIComponent(spec.revision)}/${encodeURIComponent(name)}`
    if (e.lfs?.oid && /^[0-9a-f]{64}$/i.test(e.lfs.oid) && typeof e.lfs.size === 'number')
      return { name, url, size: e.lfs.size, sha256: e.lfs.oid }
    if (e.oid && /^[0-9a-f]{40}$/i.test(e.oid) && typeof e.size === 'number')
      return { name, url, size: e.size, gitSha1: e.oid }
    throw new Error(`The model's server gives no checksum for ${name}.`)
  })
}

export async function fetchManifest(
  spec: ModelSpec,
  options: { base?: string; fetch?: typeof fetch; signal?: AbortSignal } = {},
): Promise<ManifestFile[]> {
  const base = options.base ?? HF_BASE
  const res = await (options.fetch ?? fetch)(
    `${base}/api/models/${spec.repo}/tree/${encodeURIComponent(spec.revision)}`,
    options.signal ? { signal: options.signal } : {},
  )
  if (!res.ok) throw new Error(`The model's server answered ${res.status} when asked for the file list.`)
  return manifestFromTree(spec, await res.json(), base)
}
