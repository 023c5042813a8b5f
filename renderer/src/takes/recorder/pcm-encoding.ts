/** PCM blocks cross the bridge as base64 of little-endian Float32 samples (what main's WAV writer takes). */
export function float32ToBase64(samples: Float32Array): string {
  const bytes = new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength)
  let binary = ''
  const step = 0x8000
  for (let i = 0; i < bytes.length; i += step) binary += String.fromCharCode(...bytes.subarray(i, i + step))
  return btoa(binary)
}

/** Joins queued blocks into one, so a slow bridge sends fewer, larger pieces instead of falling behind. */
export function joinBlocks(blocks: Float32Array[]): Float32Array {
  const total = blocks.reduce((n, b) => n + b.length, 0)
  const out = new Float32Array(total)
  let at = 0
  for (const b of blocks) {
    out.set(b, at)
    at += b.length
  }
  return out
}
