/**
 * The taskbar badge on Windows, where Electron has no badge count: a 16×16 overlay icon (a red disc with
 * the count in white) drawn here as raw BGRA pixels for nativeImage.createFromBitmap. Pure, so it is
 * tested without Electron. Counts above 9 show "9+".
 */
export const BADGE_SIZE = 16

/** 3×5 pixel digits (and "+"), one string of 15 bits per glyph, row by row. */
const GLYPHS: Record<string, string> = {
  '0': '111101101101111',
  '1': '010110010010111',
  '2': '111001111100111',
  '3': '111001111001111',
  '4': '101101111001001',
  '5': '111100111001111',
  '6': '111100111101111',
  '7': '111001010010010',
  '8': '111101111101111',
  '9': '111101111001111',
  '+': '000010111010000',
}

const RED: [number, number, number] = [0x2b, 0x32, 0xd9] // BGR of #d9322b
const WHITE: [number, number, number] = [0xff, 0xff, 0xff]

export function badgeText(count: number): string {
  if (!Number.isInteger(count) || count < 0)
    throw new RangeError(`A badge count must be a whole number ≥ 0, not ${count}.`)
  return count > 9 ? '9+' : String(count)
}

/** BGRA pixels of the overlay for `count` (> 0); null for 0, which means "no overlay". */
export function badgeBitmap(count: number): Buffer | null {
  const text = badgeText(count)
  if (count === 0) return null
  const px = Buffer.alloc(BADGE_SIZE * BADGE_SIZE * 4)
  const put = (x: number, y: number, [b, g, r]: [number, number, number], a = 255) => {
    const i = (y * BADGE_SIZE + x) * 4
    px[i] = b
    px[i + 1] = g
    px[i + 2] = r
    px[i + 3] = a
  }
  const c = (BADGE_SIZE - 1) / 2
  for (let y = 0; y < BADGE_SIZE; y++) {
    for (let x = 0; x < BADGE_SIZE; x++) {
      const d = Math.hypot(x - c, y - c)
      if (d <= 7) put(x, y, RED)
      else if (d <= 8) put(x, y, RED, Math.round(255 * (8 - d))) // soft edge
    }
  }
  // Glyphs are 3×5 with a 1 px gap; a single digit is drawn at twice the size for legibility.
  const scale = text.length === 1 ? 2 : 1
  const width = (text.length * 4 - 1) * scale
  const left = Math.floor((BADGE_SIZE - width) / 2)
  const top = Math.floor((BADGE_SIZE - 5 * scale) / 2)
  ;[...text].forEach((ch, n) => {
    const bits = GLYPHS[ch] as string
    for (let row = 0; row < 5; row++) {
      for (let col = 0; col < 3; col++) {
        if (bits[row * 3 + col] !== '1') continue
        for (let sy = 0; sy < scale; sy++) {
          for (let sx = 0; sx < scale; sx++) put(left + (n * 4 + col) * scale + sx, top + row * scale + sy, WHITE)
        }
      }
    }
  })
  return px
}
