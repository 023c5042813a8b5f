/** Bundled for a real Chromium page by browser-page.ts: afterNextPaint on window.boothTest. */
import { afterNextPaint } from '../../../../renderer/src/ui/after-paint'

;(window as unknown as { boothTest: unknown }).boothTest = { afterNextPaint }
