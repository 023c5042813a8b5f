/** Facts about an uploaded take file: its kind (from the name, else its first bytes) and a digest. */
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { open } from 'node:fs/promises'

const AUDIO_TYPES: Record<string, string> = {
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  flac: 'audio/flac',
  aif: 'audio/aiff',
  aiff: 'audio/aiff',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
}

export function audioContentType(fileName: string): string {
  const ext = extensionOf(fileName)
  return AUDIO_TYPES[ext] ?? 'application/octet-stream'
}

export function extensionOf(fileName: string): string {
  const m = /\.([A-Za-z0-9]{1,8})$/.exec(fileName)
  return m ? m[1]!.toLowerCase() : ''
}

/** The extension a file's first bytes suggest, or 'bin' when they are not a known audio format. */
export async function sniffExtension(path: string): Promise<string> {
  const fh = await open(path, 'r')
  try {
    const head = Buffer.alloc(12)
    await fh.read(head, 0, 12, 0)
    const ascii = head.toString('latin1')
    if (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WAVE') return 'wav'
    if (ascii.startsWith('fLaC')) return 'flac'
    if (ascii.startsWith('FORM') && /AIF[FC]/.test(ascii.slice(8, 12))) return 'aiff'
    if (ascii.startsWith('OggS')) return 'ogg'
    if (ascii.startsWith('ID3') || (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0)) return 'mp3'
    if (ascii.slice(4, 8) === 'ftyp') return 'm4a'
    return 'bin'
  } finally {
    await fh.close()
  }
}

export function sha256File(path: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256')
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest()))
  })
}
