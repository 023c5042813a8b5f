/**
 * One request to a JSON operation under /api/v1: route (404), admit (401/403/429), read and validate
 * (400/413/415), idempotency (replay/409/502), run the domain's operation, wrap it in the envelope.
 */
import type { IncomingMessage } from 'node:http'
import { SandboxError, type OperationContext, type SandboxKey, type World } from '../seam'
import { admit, type AccessGate } from './access-gate'
import type { Contract, OperationSpec } from './contract'
import { errorReply, jsonReply, replyForError, successBody, type Reply } from './envelope'
import type { IdempotencyStore } from './idempotency'
import { readJsonBody, refuseBody } from './json-body'
import { idempotencyKeyOf, validateRequest } from './request-validation'
import type { Router } from './router'

export interface ApiDeps {
  contract: Contract
  router: Router
  gate: AccessGate
  idempotency: IdempotencyStore
  world: World
  /** The OperationContext for a request made with `key`. */
  context(key: SandboxKey): OperationContext
  /** Check each success answer against the API document and log a mismatch. */
  checkAnswers: boolean
  log(line: string): void
}

export async function handleApi(deps: ApiDeps, req: IncomingMessage, url: URL): Promise<Reply> {
  let extra: Record<string, string> = {}
  try {
    const method = req.method ?? 'GET'
    const match = deps.router.match(method, url.pathname)
    if (!match) return errorReply(404, 'not_found', `There is no operation ${method} ${url.pathname}.`)
    const { op } = match
    const admitted = admit(deps.gate, req, op.scopes)
    extra = admitted.headers
    const body = op.validateBody ? await readJsonBody(req) : (await refuseBody(req), { present: false as const })
    const valid = validateRequest(op, match.params, url.searchParams, req.headers, body)
    const idemKey = idempotencyKeyOf(op, req.headers)
    const input = { params: valid.params, query: valid.query, body: valid.body, key: admitted.key }
    const run = async (): Promise<unknown> => deps.world.operations[op.operationId](input, deps.context(admitted.key))
    if (idemKey === null) return answer(deps, op, await run(), false, extra)

    const keyId = admitted.key.keyId
    const endpoint = `${method} ${url.pathname}`
    const start = deps.idempotency.begin(keyId, idemKey, endpoint)
    switch (start.kind) {
      case 'replay':
        return answer(deps, op, start.fields, true, extra)
      case 'running':
        throw new SandboxError(
          409,
          'conflict',
          'A request with this Idempotency-Key is still being handled; retry shortly.',
        )
      case 'other_endpoint':
        throw new SandboxError(
          502,
          'upstream_failed',
          `This Idempotency-Key was already used for ${start.endpoint}; use a new key for a new action.`,
        )
      case 'new':
        break
    }
    let fields: unknown
    try {
      fields = await run()
    } catch (err) {
      deps.idempotency.abandon(keyId, idemKey)
      throw err
    }
    await deps.idempotency.finish(keyId, idemKey, fields, deps.gate.now()).catch((err: unknown) => {
      deps.log(`sandbox: could not save idempotency records: ${err instanceof Error ? err.message : String(err)}`)
    })
    return answer(deps, op, fields, false, extra)
  } catch (err) {
    const reply = replyForError(err, deps.log)
    Object.assign(reply.headers, extra)
    return reply
  }
}

function answer(
  deps: ApiDeps,
  op: OperationSpec,
  fields: unknown,
  replayed: boolean,
  headers: Record<string, string>,
): Reply {
  const body = successBody(fields, replayed)
  if (deps.checkAnswers) {
    const check = deps.contract.validateResponse(op.operationId, 200, body)
    if (!check.valid)
      deps.log(`sandbox: ${op.operationId} answered outside the API document: ${check.errors.slice(0, 5).join(' ')}`)
  }
  return jsonReply(200, body, headers)
}
