/**
 * Main's last resort (main/app/last-resort.ts), in a real Node process of its own: a rejection nothing
 * handles and an exception nothing catches are logged (the secret in them redacted) and the process stays
 * up; with BOOTH_FAIL_ON_LAST_RESORT=1 each is also written to stderr behind the marker the end-to-end
 * tests fail on. Without it the same process dies on the first one, as main would.
 */
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { installLastResort, LAST_RESORT_MARKER } from '../../../main/app/last-resort'

const CHILD = join(import.meta.dirname, 'fixtures', 'last-resort-child.ts')

function runChild(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, ...args], {
      env: { ...process.env, BOOTH_FAIL_ON_LAST_RESORT: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

function logged(stdout: string): Array<{ level: string; message: string; fields: Record<string, unknown> }> {
  return stdout
    .split('\n')
    .filter((l) => l.startsWith('LOG '))
    .map((l) => JSON.parse(l.slice(4)) as { level: string; message: string; fields: Record<string, unknown> })
}

describe('the last resort in a real process', () => {
  it('logs an unhandled rejection and an uncaught exception, redacted, and the process stays up', async () => {
    const r = await runChild(['install'])
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('STILL ALIVE')
    const entries = logged(r.stdout)
    expect(entries.map((e) => [e.level, e.fields['what']])).toEqual([
      ['error', 'unhandledRejection'],
      ['error', 'uncaughtException'],
    ])
    expect(entries[0]?.message).toMatch(/Booth keeps running/)
    expect(JSON.stringify(entries)).toContain('the engine stopped listening')
    expect(JSON.stringify(entries)).toContain('a callback threw')
    expect(r.stdout).not.toContain('sk_live_0123456789abcdef')
    // Not asked to mark them: nothing on stderr.
    expect(r.stderr).not.toContain(LAST_RESORT_MARKER)
  })

  it('with BOOTH_FAIL_ON_LAST_RESORT=1 each one is a marked line on stderr (what the end-to-end tests fail on)', async () => {
    const r = await runChild(['install'], { BOOTH_FAIL_ON_LAST_RESORT: '1' })
    expect(r.code).toBe(0)
    const marked = r.stderr.split('\n').filter((l) => l.startsWith(LAST_RESORT_MARKER))
    expect(marked).toHaveLength(2)
    expect(marked[0]).toMatch(/^BOOTH-LAST-RESORT unhandledRejection: Error: the engine stopped listening/)
    expect(marked[1]).toBe('BOOTH-LAST-RESORT uncaughtException: Error: a callback threw')
  })

  it('without it the same process dies at the first failure, as main did', async () => {
    const r = await runChild([])
    expect(r.code).not.toBe(0)
    expect(r.stdout).not.toContain('STILL ALIVE')
    expect(r.stderr).toContain('the engine stopped listening')
  })

  it('counts what reached it and lets go when uninstalled', () => {
    const handlers = new Map<string, (err: unknown) => void>()
    const target = {
      on: (event: string, fn: (err: unknown) => void) => void handlers.set(event, fn),
      off: (event: string) => void handlers.delete(event),
    } as unknown as Pick<NodeJS.Process, 'on' | 'off'>
    const errors: string[] = []
    const lines: string[] = []
    const resort = installLastResort({ log: { error: (m) => errors.push(m) }, marked: (l) => lines.push(l), target })
    handlers.get('unhandledRejection')?.(new Error('one'))
    handlers.get('uncaughtException')?.('two')
    expect(resort.reached()).toBe(2)
    expect(errors).toHaveLength(2)
    expect(lines).toEqual([
      'BOOTH-LAST-RESORT unhandledRejection: Error: one\n',
      'BOOTH-LAST-RESORT uncaughtException: two\n',
    ])
    resort.uninstall()
    expect(handlers.size).toBe(0)
  })
})
