/**
 * File names quoted in refusals: a name with bidirectional controls ("\u202Evaw.exe") must not show as
 * another name, nor turn the sentence around it. Every message main builds with a file name quotes it
 * through shared/display-text.ts's quotedName; the renderer shows error text through displayText.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { measureTakeDetailed } from '../../../main/audio/measure-take'
import { TakeStore } from '../../../main/takes/take-store'
import { createTakesStore } from '../../../renderer/src/takes/takes-store'
import { quotedName } from '../../../shared/display-text'
import { fakeBridge } from '../renderer/support/fake-bridge'
import { probeMeasure } from './helpers/media'

const BIDI = [
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200E',
  '\u200F',
  '\u061C',
]
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/
/** Any string, with bidirectional controls mixed in often. */
const anyName = fc
  .array(fc.oneof(fc.string({ unit: 'binary' }), fc.constantFrom(...BIDI)), { maxLength: 8 })
  .map((p) => p.join(''))

let root: string
let store: TakeStore
let text: string
let empty: string
let binary: string

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'booth-refusal-names-'))
  await mkdir(join(root, 'in'))
  text = join(root, 'in', 'script.wav')
  await writeFile(text, 'VO: Buy now!\n'.repeat(40))
  empty = join(root, 'in', 'empty.wav')
  await writeFile(empty, '')
  binary = join(root, 'in', 'noise.bin')
  await writeFile(binary, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 131 + 7) & 255)))
  store = new TakeStore({ dataDir: join(root, 'data'), measure: probeMeasure })
})
afterAll(() => rm(root, { recursive: true, force: true }))

const refusal = (path: string, name: string) =>
  store.import('700', path, { stem: 'A', originalName: name }).then(
    () => '',
    (e: unknown) => (e as Error).message,
  )

describe('quotedName', () => {
  it('leaves no bidirectional control in any name, and quotes it (property)', () => {
    fc.assert(
      fc.property(anyName, (name) => {
        const quoted = quotedName(name)
        expect(quoted).not.toMatch(BIDI_CONTROL)
        expect(quoted.startsWith('"') && quoted.endsWith('"')).toBe(true)
      }),
      { numRuns: 1000 },
    )
    expect(quotedName('evil\u202Egnp.wav')).toBe('"evilgnp.wav"')
  })
})

describe('refusals of dropped files', () => {
  it('never carry a bidirectional control, whatever the file is called (property)', async () => {
    await fc.assert(
      fc.asyncProperty(anyName, async (name) => {
        for (const path of [text, empty, join(root, 'in', 'gone.wav')]) {
          const message = await refusal(path, name)
          expect(message).not.toBe('')
          expect(message).not.toMatch(BIDI_CONTROL)
          expect(message.startsWith(quotedName(name))).toBe(true)
        }
      }),
      { numRuns: 150 },
    )
  })

  it('name the file as it really is when ffmpeg refuses it, and when measuring fails', async () => {
    expect(await refusal(binary, 'evil\u202Egnp.wav')).toBe(
      '"evilgnp.wav" is not an audio file Booth can read (WAV, AIFF, FLAC, MP3 or M4A).',
    )
    const onDisk = join(root, 'in', 'take\u2067\u202Evaw.exe')
    await writeFile(onDisk, 'not audio\n')
    const failure = (await measureTakeDetailed(onDisk)).failure
    expect(failure?.message).toMatch(/"[^"]*takevaw\.exe" is not an audio file ffmpeg can read\.$/)
    expect(failure?.message).not.toMatch(BIDI_CONTROL)
    const missing = (await measureTakeDetailed(join(root, 'in', '\u202Emissing.wav'))).failure
    expect(missing?.message).not.toMatch(BIDI_CONTROL)
  })
})

describe('the takes area', () => {
  it('shows an import error through the same neutralisation as names', async () => {
    const bridge = fakeBridge({
      pathForFile: async () => '/dropped/x',
      importTake: async () => {
        throw new Error('"\u202Evaw.exe" is a text file, not audio.')
      },
    })
    const { store: takes, unsubscribe } = createTakesStore(bridge.api)
    try {
      await takes.getState().importFiles('700', [new File(['x'], '\u202Evaw.exe', { type: 'audio/wav' })])
      expect(takes.getState().notice?.lines).toEqual(['"vaw.exe" is a text file, not audio.'])
    } finally {
      unsubscribe()
    }
  })
})
