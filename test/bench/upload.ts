/**
 * Benchmark of the take uploader: a 500 MB file to a local sandbox through main/delivery/uploader.ts
 * (tus-js-client, 16 MiB PATCHes read from disk), against curl sending the same file to the same server
 * (one tus POST to create, then ONE PATCH with --data-binary). Goals: ≥ 0.8× curl's throughput, and
 * main's memory flat: peak RSS under 100 MB over its baseline. The uploader runs in a child process (this
 * file with --child) so the sandbox's own memory is not counted; it samples its RSS every 50 ms.
 * The file and the sandbox's copy are deleted after. Run alone: `npx tsx test/bench/upload.ts`.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { startSandbox } from '../../sandbox/server'
import { startUpload } from '../../main/delivery/uploader'
import type { BenchResult } from './types'
import { runAlone, runSelfAsChild } from './report'

const run = promisify(execFile)
const MB = 1e6
const MiB = 2 ** 20
const FILE_BYTES = 500 * MB
const TOKEN = 'booth_bench_upload_token_0001'
const TUS = { 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${TOKEN}` }

interface ChildReport {
  ms: number
  bytes: number
  baselineRss: number
  peakRss: number
  handle: string
}

/** Child side: upload `file` once and print one JSON report line. */
async function child(url: string, file: string, dataDir: string): Promise<void> {
  const baselineRss = process.memoryUsage().rss
  let peakRss = baselineRss
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss)
  }, 50)
  const started = performance.now()
  const upload = await startUpload({
    baseUrl: url,
    apiKey: () => TOKEN,
    dataDir,
    takeId: 'bench',
    path: file,
    fileName: 'bench.wav',
  })
  const end = await upload.done
  const ms = performance.now() - started
  clearInterval(sampler)
  peakRss = Math.max(peakRss, process.memoryUsage().rss)
  if (end.outcome !== 'done') throw new Error(`The upload ended ${end.outcome}.`)
  const report: ChildReport = { ms, bytes: end.size, baselineRss, peakRss, handle: end.handle }
  process.stdout.write(`${JSON.stringify(report)}\n`)
}

async function uploadWithBooth(url: string, file: string, dataDir: string): Promise<ChildReport> {
  return JSON.parse((await runSelfAsChild(import.meta.url, [url, file, dataDir])).at(-1) ?? '') as ChildReport
}

async function uploadWithCurl(url: string, file: string): Promise<{ ms: number; handle: string }> {
  const created = await fetch(`${url}/api/v1/uploads`, {
    method: 'POST',
    headers: {
      ...TUS,
      'Upload-Length': String(FILE_BYTES),
      'Upload-Metadata': `filename ${Buffer.from('curl.wav').toString('base64')}`,
    },
  })
  const location = created.headers.get('location')
  if (created.status !== 201 || !location) throw new Error(`tus creation answered ${created.status}.`)
  const started = performance.now()
  const { stdout } = await run(
    'curl',
    [
      '-sS',
      '-o',
      '/dev/null',
      '-w',
      '%{http_code}',
      '-X',
      'PATCH',
      '--data-binary',
      `@${file}`,
      '-H',
      'Tus-Resumable: 1.0.0',
      '-H',
      'Upload-Offset: 0',
      '-H',
      'Content-Type: application/offset+octet-stream',
      '-H',
      `Authorization: Bearer ${TOKEN}`,
      location,
    ],
    { maxBuffer: 1024 * 1024 },
  )
  const ms = performance.now() - started
  if (stdout.trim() !== '204') throw new Error(`curl's PATCH answered ${stdout.trim()}.`)
  return { ms, handle: location.split('/').pop() ?? '' }
}

async function offsetOf(url: string, handle: string): Promise<number> {
  const res = await fetch(`${url}/api/v1/uploads/${handle}`, { method: 'HEAD', headers: TUS })
  return Number(res.headers.get('upload-offset'))
}

export async function benchUpload(): Promise<BenchResult[]> {
  const dir = await mkdtemp(join(tmpdir(), 'booth-bench-upload-'))
  const sandbox = await startSandbox({
    port: 0,
    dataDir: join(dir, 'sandbox'),
    keys: [{ token: TOKEN, scopes: '*' }],
    producer: false,
    log: () => {},
  })
  try {
    const file = join(dir, 'take.bin')
    await run('fallocate', ['-l', String(FILE_BYTES), file]).catch(() =>
      run('truncate', ['-s', String(FILE_BYTES), file]),
    )
    if ((await stat(file)).size !== FILE_BYTES) throw new Error('The 500 MB test file could not be made.')
    // curl first and Booth second, then once more each, keeping each one's best (a noisy shared machine).
    const curlRuns = []
    const boothRuns = []
    for (let round = 0; round < 2; round++) {
      curlRuns.push(await uploadWithCurl(sandbox.url, file))
      boothRuns.push(await uploadWithBooth(sandbox.url, file, join(dir, `booth-${round}`)))
    }
    for (const r of [...curlRuns, ...boothRuns]) {
      const offset = await offsetOf(sandbox.url, r.handle)
      if (offset !== FILE_BYTES) throw new Error(`Upload ${r.handle} holds ${offset} of ${FILE_BYTES} bytes.`)
    }
    const curlMs = Math.min(...curlRuns.map((r) => r.ms))
    const booth = boothRuns.reduce((a, b) => (b.ms < a.ms ? b : a))
    const curlMBs = FILE_BYTES / MB / (curlMs / 1000)
    const boothMBs = FILE_BYTES / MB / (booth.ms / 1000)
    const ratio = boothMBs / curlMBs
    const overBaselineMB = Math.max(...boothRuns.map((r) => r.peakRss - r.baselineRss)) / MB
    return [
      {
        name: 'upload: 500 MB take to the sandbox, Booth uploader vs curl',
        goal: "≥ 0.8× curl's throughput; uploader peak RSS < 100 MB over its baseline",
        pass: ratio >= 0.8 && overBaselineMB < 100,
        figures: {
          'file MB': FILE_BYTES / MB,
          'curl MB/s (best of 2)': curlMBs,
          'Booth MB/s (best of 2)': boothMBs,
          'Booth / curl': ratio,
          'Booth PATCH chunk MiB': 16,
          'uploader RSS baseline MiB': booth.baselineRss / MiB,
          'uploader RSS peak MiB': booth.peakRss / MiB,
          'uploader peak over baseline MB': overBaselineMB,
        },
      },
    ]
  } finally {
    await sandbox.close()
    await rm(dir, { recursive: true, force: true })
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2)
  if (args[0] === '--child') {
    const [, url, file, dataDir] = args
    if (!url || !file || !dataDir) throw new Error('usage: upload.ts --child <url> <file> <dataDir>')
    await child(url, file, dataDir)
  } else {
    await runAlone(benchUpload)
  }
}
