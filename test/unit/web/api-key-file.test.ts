/**
 * --api-key-file (main/web/api-key-file.ts): a private file is read once and deleted; stdin (`-`) and a pipe
 * are read to their end; a file others can read, a link, an empty file or one holding more than a key are
 * refused with a sentence that says what to do, and the file is left as it was.
 */
import { chmodSync, existsSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { execFileSync } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readApiKeyFile } from '../../../main/web/api-key-file'

const dir = mkdtempSync(join(tmpdir(), 'booth-key-file-'))
let n = 0
function keyFile(text: string, mode = 0o600): string {
  const path = join(dir, `key-${n++}`)
  writeFileSync(path, text, { mode })
  chmodSync(path, mode)
  return path
}

describe('--api-key-file', () => {
  it('reads a private file once, trimmed, and deletes it', async () => {
    const path = keyFile('  tk_live_abc123 \n')
    expect(await readApiKeyFile(path)).toBe('tk_live_abc123')
    expect(existsSync(path)).toBe(false)
  })

  it('reads standard input for -', async () => {
    expect(await readApiKeyFile('-', Readable.from(['tk_', 'stdin\n']))).toBe('tk_stdin')
  })

  it.runIf(process.platform !== 'win32')('reads a pipe (bash’s <(…) names one) to its end', async () => {
    const fifo = join(dir, 'fifo')
    execFileSync('mkfifo', [fifo])
    const writer = createWriteStream(fifo)
    writer.end('tk_pipe\n')
    expect(await readApiKeyFile(fifo)).toBe('tk_pipe')
    expect(existsSync(fifo), 'a pipe is not deleted').toBe(true)
  })

  it.runIf(process.platform !== 'win32')('refuses a file others can read, and leaves it', async () => {
    const path = keyFile('tk_open', 0o644)
    await expect(readApiKeyFile(path)).rejects.toThrow(
      /can be read by others \(mode 644\); make it yours alone first: chmod 600 /,
    )
    expect(existsSync(path)).toBe(true)
  })

  it('refuses a link, a missing file, an empty one, and more than a key', async () => {
    const target = keyFile('tk_target')
    const link = join(dir, 'link')
    symlinkSync(target, link)
    await expect(readApiKeyFile(link)).rejects.toThrow(/is a link; name the file itself/)
    expect(existsSync(target)).toBe(true)
    await expect(readApiKeyFile(join(dir, 'nothing'))).rejects.toThrow(/does not exist/)
    await expect(readApiKeyFile(keyFile(' \n'))).rejects.toThrow(/holds no API key/)
    await expect(readApiKeyFile(keyFile('export BOOTH_API_KEY=tk'))).rejects.toThrow(/more than one word/)
    await expect(readApiKeyFile(keyFile('x'.repeat(5000)))).rejects.toThrow(/larger than an API key/)
    await expect(readApiKeyFile('-', Readable.from(['y'.repeat(5000)]))).rejects.toThrow(/over 4 KB/)
  })
})
