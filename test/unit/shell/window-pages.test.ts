/**
 * The desktop window's page (main/shell/window-pages.ts): main hears at once, through the window's own
 * events, that the page that recorded is gone — closed, crashed, reloaded — and a window that only
 * navigates inside its page, or a frame below it, cuts nothing. The window stays "there" after a reload.
 */
import { EventEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import { watchWindowPages } from '../../../main/shell/window-pages'

function fakeWindow(id: number) {
  const w = Object.assign(new EventEmitter(), { webContents: Object.assign(new EventEmitter(), { id }) })
  const said: string[] = []
  watchWindowPages(
    w,
    {
      pagePresent: (owner, there) => void said.push(`${owner} ${there ? 'there' : 'not there'}`),
      pageGone: async (owner, cause) => void said.push(`${owner} gone ${cause}`),
    },
    () => undefined,
  )
  return { w, said }
}

describe('the desktop window’s page', () => {
  it('a reload of the top frame: its takes are cut short, the window is still there', async () => {
    const { w, said } = fakeWindow(3)
    w.webContents.emit('did-start-navigation', { isMainFrame: true, isSameDocument: true })
    w.webContents.emit('did-start-navigation', { isMainFrame: false, isSameDocument: false })
    expect(said).toEqual(['window:3 there'])
    w.webContents.emit('did-start-navigation', { isMainFrame: true, isSameDocument: false })
    await new Promise((r) => setTimeout(r, 0))
    expect(said).toEqual(['window:3 there', 'window:3 gone reloaded', 'window:3 there'])
  })

  it('a crash, then the window closed: each said at once', () => {
    const { w, said } = fakeWindow(4)
    w.webContents.emit('render-process-gone', {}, { reason: 'crashed' })
    w.emit('closed')
    expect(said).toEqual([
      'window:4 there',
      'window:4 not there',
      'window:4 gone crashed',
      'window:4 not there',
      'window:4 gone closed',
    ])
  })
})
