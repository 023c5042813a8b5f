/**
 * Bundled for a real Chromium page by browser-page.ts: exposes the renderer's DOM code (sanitizer,
 * pronunciation marks, the confirmation dialog) on window.boothTest so tests can drive it.
 */
import { createRoot } from 'react-dom/client'
import { flushSync } from 'react-dom'
import { sanitizedFragment } from '../../../../renderer/src/script/sanitize-html'
import { markPronunciations } from '../../../../renderer/src/script/mark-pronunciations'
import { ConfirmDialog } from '../../../../renderer/src/ui/ConfirmDialog'
import { PanelBoundary } from '../../../../renderer/src/ui/PanelBoundary'

/** What the test reads back from a rendered script (also the type script-html.test.ts expects). */
export interface Rendered {
  tags: string[]
  attributes: string[]
  text: string
  html: string
  marks: Array<{ text: string; say: string | null; tabindex: string | null; hint: string | null }>
}

let panelsRoot: ReturnType<typeof createRoot> | null = null

function describe(host: HTMLElement): Rendered {
  const all = Array.from(host.querySelectorAll('*'))
  return {
    tags: [...new Set(all.map((el) => el.tagName.toLowerCase()))],
    attributes: [
      ...new Set(
        all
          .filter((el) => el.tagName !== 'MARK' && !el.classList.contains('sr-only'))
          .flatMap((el) => el.getAttributeNames()),
      ),
    ],
    text: host.textContent ?? '',
    html: host.innerHTML,
    marks: Array.from(host.querySelectorAll('mark'), (m) => ({
      text: m.firstChild?.textContent ?? '',
      say: m.getAttribute('data-say'),
      tabindex: m.getAttribute('tabindex'),
      hint: m.querySelector('.sr-only')?.textContent ?? null,
    })),
  }
}

/** A panel that throws while rendering whenever boothTest.bomb holds a message. */
function Bomb({ id }: { id: string }) {
  if (boothTest.bomb !== null) throw new Error(boothTest.bomb)
  return <p id={id}>Script shown</p>
}

const boothTest = {
  bomb: null as string | null,
  /** Two panels side by side: "script" (a Bomb) and "takes" (plain); `key` re-renders with a new reset key. */
  renderPanels(key: string): void {
    let host = document.getElementById('panels')
    if (!host) {
      host = document.createElement('div')
      host.id = 'panels'
      document.body.append(host)
      panelsRoot = createRoot(host)
    }
    flushSync(() =>
      panelsRoot?.render(
        <>
          <PanelBoundary name="script" resetKey={key}>
            <Bomb id="script-ok" />
          </PanelBoundary>
          <PanelBoundary name="takes">
            <p id="takes-ok">Takes shown</p>
          </PanelBoundary>
        </>,
      ),
    )
  },
  render(html: string, list: Array<{ word: string; say: string }>): Rendered {
    const host = document.createElement('div')
    document.body.append(host)
    const fragment = sanitizedFragment(html)
    markPronunciations(fragment, list)
    host.replaceChildren(fragment)
    return describe(host)
  },
  events: [] as string[],
  openDialog(): void {
    const opener = document.createElement('button')
    opener.id = 'opener'
    opener.textContent = 'open'
    document.body.append(opener)
    opener.focus()
    const host = document.createElement('div')
    document.body.append(host)
    const root = createRoot(host)
    const close = (why: string) => {
      boothTest.events.push(why)
      flushSync(() => root.render(null))
    }
    flushSync(() =>
      root.render(
        <ConfirmDialog
          title="Decline this job?"
          consequence="Acme Hardware (ACMH-1) leaves your pending jobs."
          notifies="Your reason is sent to Dana Whitfield (the producer)."
          confirmLabel="Decline job"
          tone="danger"
          onConfirm={() => close('confirm')}
          onCancel={() => close('cancel')}
        >
          <textarea aria-label="Reason" />
        </ConfirmDialog>,
      ),
    )
  },
}

;(window as unknown as { boothTest: typeof boothTest }).boothTest = boothTest
