/**
 * A version of a take is an edit list over recordings that are never changed: pieces of recordings, each
 * with where it comes from (a source recording named by the SHA-256 of its WAV bytes, from/to in sample
 * frames), where it goes in the result, its gain and its fades. Pieces that overlap are summed; a
 * crossfade is one piece's fade-out over the next one's fade-in. It renders to one WAV in the take's own
 * format (main/versions/render/render-edit-list.ts), bit-identical every time.
 *
 * Pure types and their check; main and the renderer both import them.
 */

export const FADE_SHAPES = ['equal_power', 'linear'] as const
/** equal_power: sin/cos curves (the two sides uncorrelated: room tone, a pickup); linear: the sides correlated. */
export type FadeShape = (typeof FADE_SHAPES)[number]

export const SAMPLE_ENCODINGS = ['pcm_s16', 'pcm_s24', 'pcm_s32', 'float32'] as const
export type SampleEncoding = (typeof SAMPLE_ENCODINGS)[number]

/** The take's own format: what every render of its versions is written in. */
export interface AudioFormat {
  sample_rate: number
  channels: number
  encoding: SampleEncoding
}

export interface Fade {
  /** Length in sample frames (0: none). */
  frames: number
  shape: FadeShape
}

export interface EditPiece {
  /** The source recording: the SHA-256 (hex) of its WAV file. */
  source: string
  /** First frame taken from the source. */
  from: number
  /** Frame after the last one taken (exclusive). */
  to: number
  /** Frame of the result where the piece starts. */
  at: number
  gain_db: number
  /** Over the piece's first frames. */
  fade_in: Fade
  /** Over the piece's last frames. */
  fade_out: Fade
}

export interface EditList {
  format: AudioFormat
  /** Length of the result in frames; what no piece covers is digital silence. */
  frames: number
  pieces: EditPiece[]
}

/** Largest gain a piece may have, either way (dB): more is a mistake, never a level match. */
export const MAX_PIECE_GAIN_DB = 40

const SHA256 = /^[0-9a-f]{64}$/
const isFrame = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0

function fadeProblem(v: unknown, what: string): string | null {
  if (typeof v !== 'object' || v === null) return `${what} must be {frames, shape}`
  const f = v as Record<string, unknown>
  if (!isFrame(f['frames'])) return `${what}.frames must be a whole number of frames ≥ 0`
  if (!(FADE_SHAPES as readonly unknown[]).includes(f['shape']))
    return `${what}.shape must be one of ${FADE_SHAPES.join(', ')}`
  return null
}

/** What is wrong with an edit list, in words; null when it is one the renderer can render. */
export function editListProblem(v: unknown): string | null {
  if (typeof v !== 'object' || v === null) return 'the edit list is not an object'
  const list = v as Record<string, unknown>
  const format = list['format'] as Record<string, unknown> | undefined
  if (typeof format !== 'object' || format === null) return 'the edit list has no format'
  if (
    !Number.isInteger(format['sample_rate']) ||
    (format['sample_rate'] as number) < 1000 ||
    (format['sample_rate'] as number) > 768_000
  )
    return 'format.sample_rate must be a whole number of Hz from 1000 to 768000'
  if (
    !Number.isInteger(format['channels']) ||
    (format['channels'] as number) < 1 ||
    (format['channels'] as number) > 32
  )
    return 'format.channels must be 1 to 32'
  if (!(SAMPLE_ENCODINGS as readonly unknown[]).includes(format['encoding']))
    return `format.encoding must be one of ${SAMPLE_ENCODINGS.join(', ')}`
  if (!isFrame(list['frames'])) return 'frames must be a whole number ≥ 0'
  const pieces = list['pieces']
  if (!Array.isArray(pieces)) return 'pieces must be a list'
  for (const [i, raw] of pieces.entries()) {
    const what = `piece ${i + 1}`
    if (typeof raw !== 'object' || raw === null) return `${what} is not an object`
    const p = raw as Record<string, unknown>
    if (typeof p['source'] !== 'string' || !SHA256.test(p['source'])) return `${what}.source must be a SHA-256 in hex`
    if (!isFrame(p['from']) || !isFrame(p['to']) || !isFrame(p['at']))
      return `${what}: from, to and at must be whole numbers of frames ≥ 0`
    const length = (p['to'] as number) - (p['from'] as number)
    if (length < 1) return `${what} is empty (to must be after from)`
    if ((p['at'] as number) + length > (list['frames'] as number)) return `${what} ends after the end of the result`
    if (
      typeof p['gain_db'] !== 'number' ||
      !Number.isFinite(p['gain_db']) ||
      Math.abs(p['gain_db']) > MAX_PIECE_GAIN_DB
    )
      return `${what}.gain_db must be a number from -${MAX_PIECE_GAIN_DB} to ${MAX_PIECE_GAIN_DB}`
    const fades = fadeProblem(p['fade_in'], `${what}.fade_in`) ?? fadeProblem(p['fade_out'], `${what}.fade_out`)
    if (fades) return fades
    if ((p['fade_in'] as Fade).frames + (p['fade_out'] as Fade).frames > length)
      return `${what}: its fades are longer than the piece`
  }
  return null
}

/** Length of a piece in frames. */
export function pieceFrames(p: Pick<EditPiece, 'from' | 'to'>): number {
  return p.to - p.from
}

/** The edit list in one canonical text (fixed key order): what a render's cache key is hashed from. */
export function canonicalEditList(list: EditList): string {
  const fade = (f: Fade) => [f.frames, f.shape]
  return JSON.stringify([
    [list.format.sample_rate, list.format.channels, list.format.encoding],
    list.frames,
    list.pieces.map((p) => [p.source, p.from, p.to, p.at, p.gain_db, fade(p.fade_in), fade(p.fade_out)]),
  ])
}
