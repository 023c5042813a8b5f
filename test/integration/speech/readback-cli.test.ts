import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseArgs, runReadbackCli } from '../../../main/readback/service/cli'
import { speak } from '../../support/spot-script'

let dir = ''
let take = ''
let script = ''
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'booth-readback-cli-'))
  script = join(dir, 'script.txt')
  await writeFile(script, 'This Saturday only, save 20% on every mattress.')
  take = (await speak('This Sunday only, save 20% on every mattress.', dir, 'take')).wav
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('npm run readback', { timeout: 60_000 }, () => {
  it('prints the check, the timed words and the engine as JSON', async () => {
    const { code, stdout } = await runReadbackCli([take, '--script', script, '--engine', 'pocketsphinx'])
    expect(code).toBe(0)
    const out = JSON.parse(stdout) as {
      check: { verdict: string; issues: Array<{ expected: string; heard: string }> }
      words: Array<{ word: string; start_s: number; end_s: number }>
      engine: string
    }
    expect(out.engine).toBe('pocketsphinx')
    expect(out.check.verdict).toBe('mismatch')
    expect(out.check.issues[0]).toMatchObject({ expected: 'Saturday', heard: 'sunday' })
    expect(out.words[0]).toEqual({ word: 'this', start_s: expect.any(Number), end_s: expect.any(Number) })
  })

  it('exits 1 with one sentence when no engine or model is available', async () => {
    const env = { PATH: '/nonexistent', BOOTH_DATA_DIR: dir }
    const none = await runReadbackCli([take, '--script', script], env)
    expect(none.code).toBe(1)
    expect(none.stdout).toBe('')
    expect(none.stderr).toMatch(/^No read-back engine can run here: [^\n]*\.\n$/)
    const sherpa = await runReadbackCli([take, '--script', script, '--engine', 'sherpa-onnx'], env)
    expect(sherpa).toMatchObject({ code: 1, stdout: '' })
    expect(sherpa.stderr).toMatch(/^No speech model for the read-back yet: get one in Settings/)
  })

  it('a missing script or take, or wrong usage, is one sentence', async () => {
    expect((await runReadbackCli([take, '--script', join(dir, 'nope.txt')])).stderr).toMatch(
      /^The script .* cannot be read: ENOENT\.\n$/,
    )
    expect((await runReadbackCli([join(dir, 'nope.wav'), '--script', script])).stderr).toMatch(
      /^The take .* cannot be read: ENOENT\.\n$/,
    )
    expect(parseArgs([take])).toMatch(/^Give the script with --script/)
    expect(parseArgs([take, '--script', script, '--bogus', 'x'])).toMatch(/^Unknown option --bogus/)
    expect((await runReadbackCli([take])).code).toBe(2)
  })
})
