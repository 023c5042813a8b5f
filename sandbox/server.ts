/**
 * Booth's sandbox of the talent API: an HTTP server on 127.0.0.1 that routes and validates by the OpenAPI
 * document, authenticates bearer keys, limits rates, keeps idempotency records, accepts tus uploads, serves
 * short-lived links and injects faults, in front of the domain's World (see seam.ts).
 */
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import type { SandboxKey, World } from './seam'
import { createWorld } from './domain/index'
import { admit, type AccessGate } from './http/access-gate'
import { handleApi, type ApiDeps } from './http/api-handler'
import { API_BASE_PATH, cachedContract, DEFAULT_CONTRACT_PATH } from './http/contract'
import { discardReply, errorReply, jsonReply, replyForError, sendReply, successBody, type Reply } from './http/envelope'
import { faultReply } from './http/fault-replies'
import { createFaultInjector, toFaultSpec, type FaultInjector, type FaultSpec } from './http/faults'
import { handleFileLink, isFilePath } from './http/file-links'
import { IdempotencyStore } from './http/idempotency'
import { buildKeys, KeyRing, mintDemoKeyOption, type KeyOption } from './http/keys'
import {
  checkWindowLimit,
  DEFAULT_AUTH_BRAKE,
  DEFAULT_RATE_LIMIT,
  FixedWindowCounter,
  type WindowLimit,
} from './http/rate-limit'
import { IDEMPOTENCY_KEY_RE } from './http/request-validation'
import { Router } from './http/router'
import {
  DEFAULT_UPLOAD_EXPIRY,
  isUploadPath,
  UPLOAD_SCOPE,
  UploadEndpoint,
  UPLOADS_PATH,
  type StoredUpload,
  type UploadExpiry,
} from './http/uploads'

export type { FaultSpec } from './http/faults'
export type { KeyOption } from './http/keys'

export interface SandboxOptions {
  /** 0 (the default) picks a free port. */
  port?: number
  /** Without keys, one random demo key with every scope is minted. */
  keys?: KeyOption[]
  /** Where state, idempotency records and uploads are kept; without it, a temp dir holds uploads. */
  dataDir?: string
  faults?: string | FaultSpec
  now?: () => number
  producer?: { intervalMs: number } | false
  /** Requests per key per window; default 120 per 60 s. */
  rateLimit?: WindowLimit
  /** Failed authentications per remote address per window; default 20 per 60 s. */
  authBrake?: WindowLimit
  /** A world to serve instead of creating one (it is then not saved or closed by close()). */
  world?: World
  /** Seed of the created world's data. */
  seed?: number
  contractPath?: string
  /** Log success answers that do not match the API document (default true). */
  checkAnswers?: boolean
  tickIntervalMs?: number
  log?: (line: string) => void
  /** When unfinished uploads expire and how often they are swept (default 24 h and 10 min). */
  uploadExpiry?: UploadExpiry
}

/** An upload no delivery uses: unfinished, or finished and never delivered. */
export type OpenUpload = StoredUpload

export interface RunningSandbox {
  url: string
  port: number
  keys: SandboxKey[]
  world: World
  /**
   * The uploads no delivery uses (of every key, or of `keyId`), oldest first: what a client that abandons
   * uploads leaves behind. Also served to each key as GET /api/v1/uploads (the sandbox's own listing).
   */
  openUploads(keyId?: string): Promise<OpenUpload[]>
  /** Deletes the expired unfinished uploads now (as the periodic sweep does); resolves with how many went. */
  sweepUploads(): Promise<number>
  setFaults(spec: string | FaultSpec): void
  close(): Promise<void>
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<RunningSandbox> {
  const now = opts.now ?? Date.now
  const log = opts.log ?? ((line: string) => console.error(line))
  const port = opts.port ?? 0
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`Port ${port} is not a port number (0 to 65535).`)
  const contract = cachedContract(opts.contractPath ?? DEFAULT_CONTRACT_PATH)
  const keys = buildKeys(opts.keys && opts.keys.length > 0 ? opts.keys : [mintDemoKeyOption()])
  let faults: FaultInjector = createFaultInjector(toFaultSpec(opts.faults))
  const gate: AccessGate = {
    keys: new KeyRing(keys),
    limiter: new FixedWindowCounter(checkWindowLimit(opts.rateLimit ?? DEFAULT_RATE_LIMIT, 'rate'), now),
    brake: new FixedWindowCounter(checkWindowLimit(opts.authBrake ?? DEFAULT_AUTH_BRAKE, 'failed-authentication'), now),
    now,
  }
  const idempotency = await IdempotencyStore.open(opts.dataDir)
  const uploadsDir = opts.dataDir
    ? join(opts.dataDir, 'uploads')
    : await mkdtemp(join(tmpdir(), 'booth-sandbox-uploads-'))
  await mkdir(uploadsDir, { recursive: true })
  const ownsWorld = opts.world === undefined
  const world =
    opts.world ??
    (await createWorld({
      dataDir: opts.dataDir,
      now,
      producer: opts.producer,
      seed: opts.seed,
    }))

  let baseUrl = ''
  const uploads = new UploadEndpoint(uploadsDir, () => baseUrl, opts.uploadExpiry ?? DEFAULT_UPLOAD_EXPIRY, log)
  const api: ApiDeps = {
    contract,
    router: new Router(contract.operations),
    gate,
    idempotency,
    world,
    log,
    checkAnswers: opts.checkAnswers ?? true,
    context: (key) => ({ now, baseUrl: () => baseUrl, uploads: { get: (handle) => uploads.info(handle, key.keyId) } }),
  }

  async function openUploads(keyId?: string): Promise<OpenUpload[]> {
    const used = world.uploadsInUse?.() ?? new Set<string>()
    return (await uploads.list()).filter((u) => !used.has(u.handle) && (keyId === undefined || u.keyId === keyId))
  }

  async function handleUpload(req: IncomingMessage, url: URL): Promise<Reply> {
    try {
      const { key, headers } = admit(gate, req, [UPLOAD_SCOPE])
      if (req.method === 'GET' && (url.pathname === UPLOADS_PATH || url.pathname === `${UPLOADS_PATH}/`)) {
        // The sandbox's own listing (not an operation of the talent API; Booth never calls it): the caller's open uploads.
        const open = (await openUploads(key.keyId)).map(({ keyId: _k, ...u }) => u)
        return jsonReply(200, successBody({ uploads: open }), headers)
      }
      const reply = await uploads.handle(req, url, key.keyId)
      Object.assign(reply.headers, headers)
      return reply
    } catch (err) {
      return replyForError(err, log)
    }
  }

  async function onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const idem = req.headers['idempotency-key']
    const requestId = typeof idem === 'string' && IDEMPOTENCY_KEY_RE.test(idem) ? idem : randomUUID()
    let reply: Reply
    try {
      const url = new URL(req.url ?? '/', baseUrl)
      if (url.pathname === API_BASE_PATH || url.pathname.startsWith(`${API_BASE_PATH}/`)) {
        const injector = faults
        const fault = injector.next()
        if (fault === 'drop_before') {
          req.socket.destroy()
          return
        }
        if (injector.spec.latencyMs > 0) await delay(injector.spec.latencyMs)
        reply =
          (fault ? faultReply(fault) : null) ??
          (isUploadPath(url.pathname) ? await handleUpload(req, url) : await handleApi(api, req, url))
        if (fault === 'drop_after') {
          discardReply(reply)
          req.socket.destroy()
          return
        }
      } else if (isFilePath(url.pathname)) {
        reply = await handleFileLink(world, req, url, now())
      } else {
        reply = errorReply(404, 'not_found', `There is nothing at ${url.pathname}; the API is under ${API_BASE_PATH}.`)
      }
    } catch (err) {
      reply = replyForError(err, log)
    }
    sendReply(res, reply, { 'X-Request-Id': requestId })
  }

  const server = createServer((req, res) => {
    onRequest(req, res).catch((err: unknown) => {
      log(`sandbox: failed to answer: ${err instanceof Error ? err.message : String(err)}`)
      res.destroy()
    })
  })
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject)
        resolve()
      })
    })
  } catch (err) {
    await uploads.close()
    if (ownsWorld) await world.close()
    if (!opts.dataDir) await rm(uploadsDir, { recursive: true, force: true })
    const code = (err as NodeJS.ErrnoException).code
    const message =
      code === 'EADDRINUSE'
        ? `Port ${port} on 127.0.0.1 is already in use.`
        : `The sandbox cannot listen on port ${port}: ${(err as Error).message}`
    throw new Error(message, { cause: err })
  }
  const actualPort = (server.address() as AddressInfo).port
  baseUrl = `http://127.0.0.1:${actualPort}`

  const ticker = setInterval(() => {
    try {
      world.tick(now())
    } catch (err) {
      log(`sandbox: world.tick failed: ${err instanceof Error ? err.message : String(err)}`)
    }
  }, opts.tickIntervalMs ?? 1000)
  ticker.unref()

  let closing: Promise<void> | null = null
  return {
    url: baseUrl,
    port: actualPort,
    keys,
    world,
    openUploads,
    sweepUploads: () => uploads.sweep(),
    setFaults(spec) {
      faults = createFaultInjector(toFaultSpec(spec))
    },
    close() {
      closing ??= (async () => {
        clearInterval(ticker)
        await uploads.close()
        const closed = new Promise<void>((resolve) => server.close(() => resolve()))
        server.closeAllConnections()
        await closed
        await idempotency.flush()
        if (ownsWorld) {
          await world.save()
          await world.close()
        }
        if (!opts.dataDir) await rm(uploadsDir, { recursive: true, force: true })
      })()
      return closing
    },
  }
}
