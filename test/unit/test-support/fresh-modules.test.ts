/**
 * vitest runs its files in shared processes (vitest.config.ts: isolate false); test/support/fresh-modules.ts
 * keeps them apart. Checked on fixture files run by a vitest of their own in one process, one after the
 * other: two files that each set the talent's time zone a module keeps for the process both find it unset
 * (and without the setup file the second does not: they did share a process), and a file that leaves an
 * environment variable set fails, naming it.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '..', '..', '..')
const VITEST = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs')
const CONFIG = 'test/unit/test-support/fixtures/vitest.fixture-config.ts'

interface FileResult {
  file: string
  passed: boolean
  message: string
}

/** Runs the fixture files; each file's outcome and its failure messages. */
async function runFixtures(freshModules: boolean): Promise<FileResult[]> {
  const dir = await mkdtemp(join(tmpdir(), 'booth-fresh-modules-'))
  try {
    const out = join(dir, 'results.json')
    // This run's own vitest variables stay out of the child's, which is a run of its own.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_OPTIONS'),
    )
    await promisify(execFile)(
      process.execPath,
      [VITEST, 'run', '--config', CONFIG, '--reporter=json', `--outputFile=${out}`],
      {
        cwd: ROOT,
        env: { ...env, FRESH_MODULES: freshModules ? 'on' : 'off' },
      },
    ).catch((e: unknown) => e) // failing fixture files are the point; their results are in the file
    const report = JSON.parse(await readFile(out, 'utf8')) as {
      testResults: Array<{
        name: string
        status: string
        message: string
        assertionResults: Array<{ failureMessages: string[] }>
      }>
    }
    return report.testResults
      .map((r) => ({
        file: basename(r.name),
        passed: r.status === 'passed',
        message: [r.message, ...r.assertionResults.flatMap((a) => a.failureMessages)].join('\n'),
      }))
      .sort((a, b) => a.file.localeCompare(b.file))
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

describe('test files in shared processes', () => {
  it('each file gets Booth’s modules afresh, and a file that leaves the environment changed fails, naming it', async () => {
    const results = await runFixtures(true)
    expect(results.map((r) => [r.file, r.passed])).toEqual([
      ['leaves-env.fixture.ts', false],
      ['zone-a.fixture.ts', true],
      ['zone-b.fixture.ts', true],
    ])
    expect(results[0]?.message).toContain('BOOTH_FIXTURE_LEFT_BEHIND')
  }, 60_000)

  it('without the setup file, the second of the two zone files finds the first one’s zone', async () => {
    const zones = (await runFixtures(false)).filter((r) => r.file.startsWith('zone-'))
    expect(zones.filter((r) => !r.passed)).toHaveLength(1)
    expect(zones.find((r) => !r.passed)?.message).toMatch(/expected '(Asia\/Tokyo|Europe\/Paris)' to be null/)
  }, 60_000)
})
