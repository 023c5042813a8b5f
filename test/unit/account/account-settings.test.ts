/**
 * Settings: scopes with what each unlocks, the data folder's size, clearing cached scripts, versions and
 * the API assumptions text; and the pending-writes file surviving damage.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createLog, type LogEntry } from '../../../main/logging/redacting-log'
import { PendingWrites, PENDING_WRITES_FILE, canonicalJson } from '../../../main/account/pending-writes'
import { folderSize } from '../../../main/account/folder-size'
import { readAssumptions } from '../../../main/account/app-info'
import { describeError } from '../../../main/bridge/describe-error'
import type { SessionState } from '../../../shared/bridge'
import { makeHandlers } from './account-fixture'

const session = (scopes: string[]): SessionState => ({
  mode: 'signed_in',
  baseUrl: 'https://talent.example.com',
  account: { keyId: '7', name: 'Ana', email: 'ana@example.com', scopes, expiresAt: null },
  warnings: [],
  missingScopes: [],
})

describe('settings view', () => {
  it('lists every scope with what it unlocks, measures the data folder and clears the cache', async () => {
    const rig = await makeHandlers(null, session(['jobs:read', 'earnings:read']))
    await mkdir(join(rig.dataDir, 'cache', 'scripts'), { recursive: true })
    await writeFile(join(rig.dataDir, 'cache', 'scripts', '12.pdf'), Buffer.alloc(3000))
    await writeFile(join(rig.dataDir, 'settings.json'), '{}')

    const view = await rig.handlers.getAccountSettings({})
    expect(view.baseUrl).toBe('https://talent.example.com')
    expect(view.scopes).toHaveLength(9)
    expect(view.scopes.find((s) => s.scope === 'earnings:read')).toEqual({
      scope: 'earnings:read',
      granted: true,
      unlocks: 'earnings',
    })
    expect(view.scopes.find((s) => s.scope === 'consent:write')).toMatchObject({
      granted: false,
      unlocks: 'changing AI voice consent',
    })
    expect(view.cachedScripts).toEqual({ files: 1, bytes: 3000 })
    expect(view.dataBytes).toBe(3002)
    expect(view.versions).toMatchObject({
      booth: expect.stringMatching(/^\d+\.\d+\.\d+/),
      node: process.versions.node,
      api: '1',
      electron: null,
    })

    const cleared = await rig.handlers.clearCachedScripts({})
    expect(rig.cleared).toBe(1)
    expect(cleared.cachedScripts).toEqual({ files: 0, bytes: 0 })
    expect(cleared.dataBytes).toBe(2)
    await rig.dispose()
  })

  it('serves the API assumptions text, and says so clearly when the file is missing', async () => {
    const rig = await makeHandlers(null, session(['*']))
    const { text } = await rig.handlers.getApiAssumptions({})
    expect(text).toMatch(/Where the API document is silent/)
    const err = await readAssumptions(rig.dataDir).catch((e: unknown) => e)
    expect(describeError(err).message).toMatch(/could not find its notes on the API/)
    await rig.dispose()
  })

  it('a folder that does not exist holds nothing', async () => {
    expect(await folderSize('/nonexistent/booth/folder')).toEqual({ files: 0, bytes: 0 })
  })
})

describe('pending writes file', () => {
  const log = (entries: LogEntry[]) => createLog({ sink: { write: (e) => entries.push(e) } })

  it('keeps one key per operation and input, across instances', async () => {
    const rig = await makeHandlers(null, session(['*']))
    const a = new PendingWrites(rig.dataDir, log([]))
    const key = await a.keyFor('putConsent', { ai_versions: 'no', ai_word_fixes: 'ask' }, 5)
    expect(await a.keyFor('putConsent', { ai_word_fixes: 'ask', ai_versions: 'no' }, 6)).toBe(key)
    const b = new PendingWrites(rig.dataDir, log([]))
    expect(await b.get('putConsent')).toEqual({ key, body: { ai_versions: 'no', ai_word_fixes: 'ask' }, since: 5 })
    await b.clear('putConsent', 'some_other_key_1')
    expect(await b.get('putConsent')).not.toBeNull()
    await b.clear('putConsent', key)
    expect(JSON.parse(await readFile(join(rig.dataDir, PENDING_WRITES_FILE), 'utf8'))).toEqual({})
    await rig.dispose()
  })

  it('a damaged file is logged and replaced, never a crash', async () => {
    const rig = await makeHandlers(null, session(['*']))
    await writeFile(join(rig.dataDir, PENDING_WRITES_FILE), '{"putConsent": {"key": "x"}')
    const entries: LogEntry[] = []
    const p = new PendingWrites(rig.dataDir, log(entries))
    expect(await p.get('putConsent')).toBeNull()
    expect(entries.some((e) => e.level === 'warn' && /pending account writes could not be read/.test(e.message))).toBe(
      true,
    )
    const key = await p.keyFor('putAvailability', { days: [1], same_day: true }, 1)
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/)
    await rig.dispose()
  })

  it('canonical JSON ignores key order but not values', () => {
    expect(canonicalJson({ b: [2, { y: 1, x: 2 }], a: null })).toBe(canonicalJson({ a: null, b: [2, { x: 2, y: 1 }] }))
    expect(canonicalJson({ days: [1, 2] })).not.toBe(canonicalJson({ days: [2, 1] }))
  })
})
