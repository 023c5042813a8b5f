/**
 * The picture under the pointer while a take is dragged out of the desktop window (webContents.startDrag
 * needs one, and macOS refuses an empty one): a 32 × 32 sound-wave glyph, drawn here as BGRA pixels so no
 * image file has to ship. Pure; main/index.ts makes it a nativeImage.
 */
export const DRAG_ICON_SIZE = 32

/** Bar heights of the wave, in pixels, left to right. */
const BARS = [6, 12, 20, 28, 18, 24, 10, 16, 26, 14, 8, 4]

export function dragIconBitmap(): Buffer {
  const size = DRAG_ICON_SIZE
  const px = Buffer.alloc(size * size * 4)
  const mid = size / 2
  BARS.forEach((height, i) => {
    const x0 = 2 + i * 2.5
    for (let y = Math.round(mid - height / 2); y < Math.round(mid + height / 2); y++) {
      for (const x of [Math.round(x0), Math.round(x0) + 1]) {
        if (x < 0 || x >= size || y < 0 || y >= size) continue
        const at = (y * size + x) * 4
        // BGRA: a calm blue, opaque.
        px[at] = 0xe0
        px[at + 1] = 0x90
        px[at + 2] = 0x30
        px[at + 3] = 0xff
      }
    }
  })
  return px
}
