import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parseCliArgs } from '../../../sandbox/http/cli-args'
import { checkAnswer } from './harness'

const TSX = join(process.cwd(), 'node_modules', '.bin', 'tsx')
const dirs: string[] = []
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true })
})

interface Running {
  child: ChildProcess
  url: string
  stdout: () => string
  exited: Promise<number | null>
}

function run(args: string[]): Promise<Running> {
  const child = spawn(TSX, ['sandbox/cli.ts', ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  let err = ''
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString()
      const m = /^listening on (http:\/\/127\.0\.0\.1:(\d+))$/m.exec(out)
      if (m?.[1]) resolve({ child, url: m[1], stdout: () => out, exited })
    })
    child.stderr?.on('data', (d: Buffer) => {
      err += d.toString()
    })
    void exited.then((code) => reject(new Error(`the CLI exited (${code}) before listening: ${err}`)))
  })
}

async function call(
  url: string,
  path: string,
  token: string,
  init: RequestInit = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${url}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) },
  })
  const text = await res.text()
  return {
    status: res.status,
    body: checkAnswer(init.method ?? 'GET', path, res.status, res.headers, text) as Record<string, unknown>,
  }
}

describe('sandbox CLI', () => {
  it('mints a demo key, prints the listening line once with the real port, answers, and stops on SIGTERM', async () => {
    const cli = await run(['--port', '0', '--no-producer'])
    const token = /^demo key: (\S+) \(scopes: (\S+)\)$/m.exec(cli.stdout())
    expect(token?.[2]?.split(',')).toHaveLength(9)
    expect(cli.url).not.toMatch(/:0$/)
    const me = await call(cli.url, '/api/v1/me', token?.[1] ?? '')
    expect(me.status).toBe(200)
    const jobs = await call(cli.url, '/api/v1/jobs?page_size=50', token?.[1] ?? '')
    expect(jobs.status).toBe(200)
    cli.child.kill('SIGTERM')
    expect(await cli.exited).toBe(0)
    expect(cli.stdout().match(/listening on/g)).toHaveLength(1)
  })

  it('takes keys and a data directory, saves on SIGINT, and replays after a restart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'booth-cli-'))
    dirs.push(dir)
    const args = [
      '--port',
      '0',
      '--no-producer',
      '--data',
      dir,
      '--key',
      'cli-writer-token=account:read,account:write',
      '--key',
      'cli-reader-token=account:read',
    ]
    const first = await run(args)
    expect(first.stdout()).toMatch(/^key 1: cli-writer-token \(scopes: account:read,account:write\)$/m)
    const put = {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'cli-restart-key-1' },
      body: JSON.stringify({ days: [1, 3, 5], same_day: true }),
    }
    const a = await call(first.url, '/api/v1/availability', 'cli-writer-token', put)
    expect(a.status).toBe(200)
    expect((await call(first.url, '/api/v1/availability', 'cli-reader-token', put)).status).toBe(403)
    first.child.kill('SIGINT')
    expect(await first.exited).toBe(0)
    expect(JSON.parse(await readFile(join(dir, 'idempotency.json'), 'utf8')).records).toHaveLength(1)

    const second = await run(args)
    const b = await call(second.url, '/api/v1/availability', 'cli-writer-token', put)
    expect(b.body).toEqual({ ...a.body, replayed: true })
    const now = await call(second.url, '/api/v1/availability', 'cli-reader-token')
    expect(now.body.days).toEqual([1, 3, 5])
    second.child.kill('SIGTERM')
    expect(await second.exited).toBe(0)
  })

  it('exits 2 with one sentence and the usage on bad arguments', async () => {
    const child = spawn(TSX, ['sandbox/cli.ts', '--port', 'eighty'], { stdio: ['ignore', 'pipe', 'pipe'] })
    let err = ''
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString()
    })
    const code = await new Promise((resolve) => child.on('exit', resolve))
    expect(code).toBe(2)
    expect(err.split('\n')[0]).toBe('--port must be a whole number from 0 to 65535, not "eighty".')
    expect(err).toMatch(/usage: npm run sandbox/)
  })
})

describe('CLI arguments', () => {
  it('reads every option', () => {
    const o = parseCliArgs([
      '--port=0',
      '--key',
      'abcdefgh12==*',
      '--key',
      'token-two-x=jobs:read,jobs:write',
      '--data',
      'd',
      '--faults',
      'html=0.5,seed=3',
      '--producer-interval',
      '500',
      '--seed',
      '9',
    ])
    expect(o).toMatchObject({
      port: 0,
      seed: 9,
      producer: { intervalMs: 500 },
      faults: { rates: { html: 0.5 }, seed: 3 },
      keys: [
        { token: 'abcdefgh12=', scopes: '*' },
        { token: 'token-two-x', scopes: ['jobs:read', 'jobs:write'] },
      ],
    })
    expect(o.dataDir).toMatch(/\/d$/)
    expect(parseCliArgs([])).toMatchObject({ port: 4010, keys: [], producer: { intervalMs: 30_000 } })
    expect(parseCliArgs(['--no-producer']).producer).toBe(false)
  })

  it.each([
    [['--port', '65536'], /--port must be a whole number from 0 to 65535/],
    [['--port'], /--port needs a value/],
    [['--key', 'justatoken'], /must look like TOKEN=SCOPES/],
    [['--key', 'abcdefgh=jobs:fly'], /Unknown scope "jobs:fly"/],
    [['--key', 'abc=*'], /8 to 512 characters/],
    [['--faults', 'html=2'], /from 0 to 1/],
    [['--no-producer', '--producer-interval', '100'], /cannot be used together/],
    [['--producer-interval', '5'], /from 100 to/],
    [['--port', '1', '--port', '2'], /given more than once/],
    [['--verbose'], /Unknown option --verbose/],
    [['serve'], /Unexpected argument "serve"/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseCliArgs(argv)).toThrow(message)
  })
})
