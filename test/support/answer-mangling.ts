/**
 * The fault proxy's answer mangling: the upstream's real JSON answer, changed at named places the way a
 * service with a bug (or a proxy that rewrites) would send it. A place is a JSON pointer into the answer
 * (`/items/2/advertiser`, `/job/stage`); `-` as the last list index means its last item.
 *
 *   proxy.addRule({ path: '/api/v1/jobs', times: 1, fault: { type: 'mangle', mangles: [nullAt('/items/2/advertiser')] } })
 *
 * Kinds: a field null, a field missing, a field of another type or value (an unknown enum value, a list
 * that is not a list), each one of `Mangle`.
 */
export type Mangle =
  { pointer: string; op: 'null' } | { pointer: string; op: 'remove' } | { pointer: string; op: 'set'; value: unknown }

export const nullAt = (pointer: string): Mangle => ({ pointer, op: 'null' })
export const removeAt = (pointer: string): Mangle => ({ pointer, op: 'remove' })
export const setAt = (pointer: string, value: unknown): Mangle => ({ pointer, op: 'set', value })

/** The JSON text with every mangle applied; text that is not JSON, or a place that does not exist, is an error. */
export function mangleJson(text: string, mangles: readonly Mangle[]): string {
  const body = JSON.parse(text) as unknown
  for (const m of mangles) apply(body, m)
  return JSON.stringify(body)
}

function apply(body: unknown, mangle: Mangle): void {
  const parts = mangle.pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
  const last = parts.pop()
  if (last === undefined) throw new Error('A mangle needs a place inside the answer, not the whole answer.')
  let parent: unknown = body
  for (const part of parts) parent = child(parent, part, mangle.pointer)
  const key = Array.isArray(parent) && last === '-' ? String(parent.length - 1) : last
  if (typeof parent !== 'object' || parent === null) throw new Error(`The answer has no place ${mangle.pointer}.`)
  const holder = parent as Record<string, unknown>
  if (mangle.op === 'remove') {
    if (Array.isArray(holder)) holder.splice(Number(key), 1)
    else delete holder[key]
  } else {
    holder[key] = mangle.op === 'null' ? null : mangle.value
  }
}

function child(node: unknown, part: string, pointer: string): unknown {
  if (Array.isArray(node)) {
    const index = part === '-' ? node.length - 1 : Number(part)
    if (!Number.isInteger(index) || index < 0 || index >= node.length)
      throw new Error(`The answer has no place ${pointer}.`)
    return node[index]
  }
  if (typeof node !== 'object' || node === null || !(part in node))
    throw new Error(`The answer has no place ${pointer}.`)
  return (node as Record<string, unknown>)[part]
}
