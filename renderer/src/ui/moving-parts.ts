/**
 * Meter fills and marks that move on every frame (the input meter, the loudness meters, the spot bar) are
 * drawn by the compositor: each is a box as wide as its track (class `moving-fill` or `moving-mark`,
 * moving-parts.css), scaled or slid by a transform on a layer of its own, so a frame's new level repaints
 * nothing. A width or `left` set on every frame made Chromium lay out and re-raster most of the window at
 * 60 frames a second while recording (about half of a core: docs/recording-design.md).
 */
import type { CSSProperties } from 'react'
import './moving-parts.css'

const clamp = (fraction: number): number => (Number.isFinite(fraction) ? Math.min(1, Math.max(0, fraction)) : 0)

/** A fill (class `moving-fill`) from the track's left edge to `fraction` of its width (0 to 1). */
export function fillTo(fraction: number): CSSProperties {
  return { transform: `scaleX(${clamp(fraction)})` }
}

/** A mark (class `moving-mark`) at `fraction` of its track's width: the box slid by its own (the track's) width. */
export function markAt(fraction: number): CSSProperties {
  return { transform: `translateX(${clamp(fraction) * 100}%)` }
}
