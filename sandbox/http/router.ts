/**
 * Matching `METHOD /api/v1/...` to an operation of the API document. Literal segments win over
 * templated ones (POST /jobs/accept is never read as a job id).
 */
import { SandboxError } from '../seam'
import { API_BASE_PATH, type OperationSpec } from './contract'

interface Route {
  op: OperationSpec
  segments: Array<{ literal: string } | { param: string }>
  literals: number
}

export interface RouteMatch {
  op: OperationSpec
  params: Record<string, string>
}

function segmentsOf(template: string): Route['segments'] {
  return template
    .split('/')
    .filter((s) => s !== '')
    .map((s) => {
      const m = /^\{([^}]+)\}$/.exec(s)
      return m?.[1] ? { param: m[1] } : { literal: s }
    })
}

export class Router {
  private readonly routes: Route[]

  constructor(operations: OperationSpec[]) {
    this.routes = operations
      .map((op) => {
        const segments = segmentsOf(op.path)
        return { op, segments, literals: segments.filter((s) => 'literal' in s).length }
      })
      .sort((a, b) => b.literals - a.literals)
  }

  /** The operation for a request under /api/v1, or null when no operation has that method and path. */
  match(method: string, pathname: string): RouteMatch | null {
    if (!pathname.startsWith(`${API_BASE_PATH}/`)) return null
    const parts = pathname
      .slice(API_BASE_PATH.length)
      .split('/')
      .filter((s) => s !== '')
    if (pathname.endsWith('/') && pathname !== `${API_BASE_PATH}/`) return null
    for (const route of this.routes) {
      if (route.op.method !== method || route.segments.length !== parts.length) continue
      const params: Record<string, string> = {}
      let ok = true
      route.segments.forEach((seg, i) => {
        const part = parts[i] ?? ''
        if ('literal' in seg) ok &&= seg.literal === part
        else params[seg.param] = decodeSegment(part, seg.param)
      })
      if (ok) return { op: route.op, params }
    }
    return null
  }
}

function decodeSegment(part: string, name: string): string {
  try {
    return decodeURIComponent(part)
  } catch {
    throw new SandboxError(400, 'bad_request', `Path value "${name}" is not correctly percent-encoded.`)
  }
}
