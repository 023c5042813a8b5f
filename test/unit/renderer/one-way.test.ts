/**
 * The renderer keeps one way to do each thing: one access path to the bridge (bridge/BridgeProvider.tsx),
 * one way to make the stores main's events feed (createStores), and the layout by screen.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const SRC = join(import.meta.dirname, '../../../renderer/src')

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sources(path)
    return /\.(ts|tsx)$/.test(name) ? [relative(SRC, path)] : []
  })
}

const files = sources(SRC)
const text = (f: string) => readFileSync(join(SRC, f), 'utf8')

describe('renderer: one way each', () => {
  it('is laid out by screen, with no grab-bag folders left', () => {
    const top = readdirSync(SRC)
      .filter((n) => statSync(join(SRC, n)).isDirectory())
      .sort()
    // reading/: reading mode's layout (the list fold) and keys, which the job, script and takes screens share.
    expect(top).toEqual([
      'account',
      'app',
      'bridge',
      'jobs',
      'notifications',
      'reading',
      'script',
      'session',
      'store',
      'takes',
      'ui',
    ])
  })

  it('makes no store per bridge on first use (createStores makes them all)', () => {
    const lazy = files.filter((f) => /new WeakMap<BoothApi/.test(text(f)))
    expect(lazy).toEqual([])
  })

  it('reads window.booth only in bridge/', () => {
    const readers = files.filter((f) => /window\.booth\b/.test(text(f)) && !f.startsWith('bridge/'))
    expect(readers).toEqual([])
  })

  it('refreshes nothing on a timer of its own: no interval in the renderer calls the bridge or reloads', () => {
    const polling = files.filter((f) => /setInterval\(.{0,80}?(reload|api\.|load[A-Z])/.test(text(f)))
    expect(polling).toEqual([])
  })
})
