/**
 * The web host's log keeps its copy on stderr when its file cannot be written: a real read-only disk and
 * a real full one (small-disks.ts), with the file sink Booth uses.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createFileSink } from '../../../main/logging/log-file-sink'
import { createLog } from '../../../main/logging/redacting-log'
import { withStderrCopy } from '../../../main/logging/stderr-copy'
import { fillUp, makeReadOnly, mountRefusal, mountSmallDisk, sayWhySkipped } from '../../support/small-disks'

const refusal = await mountRefusal()
sayWhySkipped('the log on a read-only or full disk', refusal)
let root: string
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'booth-log-disk-'))
})
afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

function logOn(dataDir: string) {
  const printed: string[] = []
  const log = createLog({ sink: withStderrCopy(createFileSink({ dataDir }), (t) => printed.push(t)) })
  return { log, printed }
}

it('warnings and errors go to stderr too, while the file takes every entry', async () => {
  const dataDir = join(root, 'ok')
  const { log, printed } = logOn(dataDir)
  log.info('started')
  log.error('an import failed', { code: 'X' })
  expect(printed).toEqual(['error: an import failed\n'])
  expect(await readFile(join(dataDir, 'logs', 'booth.log'), 'utf8')).toMatch(
    /INFO {2}started[\s\S]*ERROR an import failed/,
  )
})

it.skipIf(refusal)(
  'on a read-only disk every entry is copied to stderr in full, after one line saying why; when the disk is writable again the file goes on',
  async () => {
    const dataDir = join(root, 'ro')
    const { log, printed } = logOn(dataDir)
    log.info('before')
    const ro = await makeReadOnly(dataDir)
    try {
      log.info('importing "spot.wav"')
      log.error('a bridge call failed', { err: 'EROFS' })
    } finally {
      await ro.unmount()
    }
    expect(printed[0]).toMatch(
      /^Booth cannot write its log file .*booth\.log \(EROFS: read-only file system.*\); its entries are written here until it can\.\n$/,
    )
    expect(printed.filter((l) => l.startsWith('Booth cannot write'))).toHaveLength(1)
    expect(printed.some((l) => /INFO {2}importing "spot.wav"/.test(l))).toBe(true)
    expect(printed.some((l) => /ERROR a bridge call failed \{"err":"EROFS"\}/.test(l))).toBe(true)
    log.info('after')
    expect(printed.at(-1)).toMatch(/takes entries again/)
    expect(await readFile(join(dataDir, 'logs', 'booth.log'), 'utf8')).toMatch(/before[\s\S]*after/)
  },
)

it.skipIf(refusal)('on a full disk the entries are on stderr', async () => {
  const dataDir = join(root, 'full')
  const disk = await mountSmallDisk(dataDir, 256 * 1024)
  try {
    const { log, printed } = logOn(dataDir)
    log.info('first')
    await fillUp(dataDir)
    // The log file's last page still has room for a few lines; after those, nothing fits.
    for (let i = 0; i < 200; i++) log.info(`line ${i} of a log on a full disk`)
    log.warn('the disk is full', { free: 0 })
    expect(printed.join('')).toMatch(/Booth cannot write its log file .*\(ENOSPC: no space left on device/)
    expect(printed.join('')).toMatch(/WARN {2}the disk is full \{"free":0\}/)
  } finally {
    await disk.unmount()
  }
})
