import { describe, expect, it } from 'vitest'
import { dragHasFiles, extensionOf, judgeDroppedFile } from '../../../../renderer/src/takes/dropped-files'
import {
  chooseInput,
  loadCountIn,
  loadRememberedInput,
  rememberInput,
  saveCountIn,
} from '../../../../renderer/src/takes/input-choice'

class MemoryStorage {
  private readonly items = new Map<string, string>()
  getItem(key: string): string | null {
    return this.items.get(key) ?? null
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value)
  }
}

describe('dropped files', () => {
  it('accepts audio by type or extension', () => {
    expect(judgeDroppedFile({ name: 'take.wav', type: 'audio/wav', size: 10 })).toEqual({ ok: true })
    expect(judgeDroppedFile({ name: 'take.AIFF', type: '', size: 10 })).toEqual({ ok: true })
    expect(judgeDroppedFile({ name: 'voice', type: 'audio/flac', size: 10 })).toEqual({ ok: true })
  })

  it('refuses what is not audio, in words naming the file', () => {
    expect(judgeDroppedFile({ name: 'notes.txt', type: 'text/plain', size: 10 })).toEqual({
      ok: false,
      message: '“notes.txt” is not an audio file. Booth takes WAV, AIFF, FLAC, MP3 or M4A files.',
    })
    expect(judgeDroppedFile({ name: 'spot.mov', type: 'video/quicktime', size: 10 })).toMatchObject({
      ok: false,
      message: expect.stringContaining('is a video'),
    })
    expect(judgeDroppedFile({ name: 'empty.wav', type: 'audio/wav', size: 0 })).toMatchObject({
      ok: false,
      message: '“empty.wav” is empty, so it cannot be a take.',
    })
    expect(judgeDroppedFile({ name: 'Takes', type: '', size: 0 })).toMatchObject({
      ok: false,
      message: expect.stringContaining('folder'),
    })
  })

  it('reads extensions and tells a file drag from a text drag', () => {
    expect(extensionOf('a.b.WAV')).toBe('wav')
    expect(extensionOf('.wav')).toBe('')
    expect(extensionOf('take.')).toBe('')
    expect(dragHasFiles(['Files'])).toBe(true)
    expect(dragHasFiles(['text/plain'])).toBe(false)
  })
})

describe('the remembered input', () => {
  const inputs = [
    { deviceId: 'default', label: 'Default' },
    { deviceId: 'a1', label: 'USB interface' },
    { deviceId: 'b2', label: 'Built-in microphone' },
  ]

  it('comes back by id, else by label (ids change after a restart), else the default', () => {
    const store = new MemoryStorage()
    expect(chooseInput(inputs, loadRememberedInput(store))?.deviceId).toBe('default')
    rememberInput(store, inputs[1]!)
    expect(chooseInput(inputs, loadRememberedInput(store))?.deviceId).toBe('a1')
    const renumbered = inputs.map((i) => (i.deviceId === 'a1' ? { ...i, deviceId: 'z9' } : i))
    expect(chooseInput(renumbered, loadRememberedInput(store))?.deviceId).toBe('z9')
    expect(
      chooseInput(
        inputs.filter((i) => i.deviceId !== 'a1'),
        loadRememberedInput(store),
      )?.deviceId,
    ).toBe('default')
    expect(chooseInput([], loadRememberedInput(store))).toBeNull()
  })

  it('treats a damaged entry as none, and remembers the count-in only from its choices', () => {
    const store = new MemoryStorage()
    store.setItem('booth.recorder.input', '{not json')
    expect(loadRememberedInput(store)).toBeNull()
    store.setItem('booth.recorder.input', JSON.stringify({ deviceId: 3 }))
    expect(loadRememberedInput(store)).toBeNull()
    expect(loadCountIn(store)).toBe(0)
    saveCountIn(store, 3)
    expect(loadCountIn(store)).toBe(3)
    store.setItem('booth.recorder.countIn', '7')
    expect(loadCountIn(store)).toBe(0)
  })
})
