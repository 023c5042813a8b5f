import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'

/** Runs start-words.sh's service_words in bash with these arguments and environment. */
function words(args: string[], env: Record<string, string> = {}): string {
  const clean = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', ...env }
  return execFileSync('bash', ['-c', '. scripts/start-words.sh; service_words "$@"', 'start', ...args], {
    env: clean,
    encoding: 'utf8',
  }).trim()
}

describe('scripts/start.sh says what it runs', () => {
  it('names demo mode when no key and no service are given', () => {
    expect(words([])).toMatch(/^demo mode \(Booth's own sandbox service on this computer\)/)
  })
  it('names the given service, in either spelling of --base-url', () => {
    expect(words(['--port', '4780', '--base-url', 'https://api.example.test'])).toBe(
      'the service at https://api.example.test',
    )
    expect(words(['--base-url=https://api.example.test'])).toBe('the service at https://api.example.test')
  })
  it('names the key’s service when BOOTH_API_KEY is set', () => {
    expect(words([], { BOOTH_API_KEY: 'k' })).toBe('the service your BOOTH_API_KEY belongs to')
  })
})
