/**
 * wavesurfer.js 8 under Booth's Trusted Types CSP (`require-trusted-types-for 'script'`).
 *
 * Its Renderer builds its shadow DOM with `shadow.innerHTML = \`<style>…</style><div class="scroll">…\``
 * and clears its canvases with `el.innerHTML = ''` on every render. Both are Trusted Types sinks, so in
 * Booth's window they throw. Neither string comes from outside (they are the library's own markup), so no
 * sanitizer is involved: the fix is to build the same DOM with DOM calls (createElement, textContent),
 * which are not sinks. Booth imports wavesurfer's unbundled ES modules (so this module and WaveSurfer share
 * one Renderer class) and replaces Renderer.prototype.initHtml once:
 *  - the shadow root gets the same <style> (as textContent) and the same scroll/wrapper/canvases/progress/
 *    cursor elements with the same classes and parts;
 *  - the canvases and progress wrappers get an own `innerHTML` setter that accepts only '' (what render()
 *    assigns) and does replaceChildren() — any other value throws, so markup can never slip through.
 * The remaining `innerHTML = ''` (canvas containers of a scrolled, zoomed waveform with more than ten
 * canvases) is unreachable with the options Booth uses: fillParent, no zoom, so never scrollable.
 * Checked against wavesurfer.js 8.0.1 (package.json pins it); a different Renderer fails loudly here.
 */
import WaveSurfer from 'wavesurfer.js/dist/wavesurfer.js'
import Renderer from 'wavesurfer.js/dist/renderer.js'

interface RendererInternals {
  options: { height?: number | 'auto'; splitChannels?: unknown; cspNonce?: string }
  getHeight(height: unknown, splitChannels: unknown): number
  initHtml(): [HTMLElement, ShadowRoot]
}

const STYLE = (minHeight: number) => `
:host { user-select: none; min-width: 1px; }
:host audio { display: block; width: 100%; }
:host .scroll { overflow-x: auto; overflow-y: hidden; width: 100%; position: relative; }
:host .noScrollbar { scrollbar-color: transparent; scrollbar-width: none; }
:host .noScrollbar::-webkit-scrollbar { display: none; -webkit-appearance: none; }
:host .wrapper { position: relative; overflow: visible; z-index: 2; }
:host .canvases { min-height: ${minHeight}px; pointer-events: none; }
:host .canvases > div { position: relative; }
:host canvas { display: block; position: absolute; top: 0; image-rendering: pixelated; }
:host .progress { pointer-events: none; position: absolute; z-index: 2; top: 0; left: 0; width: 0; height: 100%; overflow: hidden; }
:host .progress > div { position: relative; }
:host .cursor { pointer-events: none; position: absolute; z-index: 5; top: 0; left: 0; height: 100%; border-radius: 2px; }
`

/** An element whose `innerHTML = ''` empties it without a Trusted Types sink; anything else is refused. */
function clearableOnly(el: HTMLElement): HTMLElement {
  Object.defineProperty(el, 'innerHTML', {
    configurable: true,
    get: () => '',
    set: (value: unknown) => {
      if (value !== '') throw new TypeError('Booth’s waveform refuses markup: only clearing is allowed.')
      el.replaceChildren()
    },
  })
  return el
}

function part(doc: Document, className: string): HTMLDivElement {
  const el = doc.createElement('div')
  el.className = className
  el.setAttribute('part', className)
  return el
}

function trustedInitHtml(this: RendererInternals): [HTMLElement, ShadowRoot] {
  const doc = document
  const host = doc.createElement('div')
  const shadow = host.attachShadow({ mode: 'open' })
  const style = doc.createElement('style')
  if (typeof this.options.cspNonce === 'string' && this.options.cspNonce) style.nonce = this.options.cspNonce
  style.textContent = STYLE(this.getHeight(this.options.height, this.options.splitChannels))
  const scroll = part(doc, 'scroll')
  const wrapper = part(doc, 'wrapper')
  wrapper.append(clearableOnly(part(doc, 'canvases')), clearableOnly(part(doc, 'progress')), part(doc, 'cursor'))
  scroll.append(wrapper)
  shadow.append(style, scroll)
  return [host, shadow]
}

let patched = false

/** WaveSurfer, with its Renderer building its DOM without Trusted Types sinks. */
export function trustedWaveSurfer(): typeof WaveSurfer {
  if (!patched) {
    const proto = Renderer.prototype as unknown as Partial<RendererInternals>
    if (typeof proto.initHtml !== 'function' || typeof proto.getHeight !== 'function') {
      throw new Error(
        'This wavesurfer.js is not the version Booth was built for (8.0.1): its renderer has changed, so the waveform cannot be shown safely.',
      )
    }
    proto.initHtml = trustedInitHtml
    patched = true
  }
  return WaveSurfer
}
