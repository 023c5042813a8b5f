import fc from 'fast-check'
import { dirname, join, resolve, win32, posix } from 'node:path'
import { describe, expect, it } from 'vitest'
import { MAX_FILE_NAME_BYTES, safeFileName } from '../../../main/storage/safe-file-name'

const FOLDER = resolve('/home/talent/Downloads')
/** Text as a window or a service might send it: any code units, separators and dots weighted in. */
const hostile = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.string({
    unit: fc.constantFrom('.', '/', '\\', ' ', ':', 'a', 'C', 'O', 'N', '1', '\u0000', '\ud800', 'é', '🎙'),
    maxLength: 40,
  }),
  fc.constantFrom('..', '.', '../.zshrc', '..\\..\\boot.ini', 'CON', 'nul.txt', 'com1.wav', 'LPT9', 'a. ', ' ', ''),
)

describe('safeFileName', () => {
  it('names the same things every system can keep', () => {
    expect(safeFileName('../.zshrc')).toBe('zshrc')
    expect(safeFileName('..\\..\\x:y*z?.wav')).toBe('x_y_z_.wav')
    expect(safeFileName('a\u0000b\u009f.wav')).toBe('a_b_.wav')
    expect(safeFileName('...')).toBe('dropped-file')
    expect(safeFileName('', 'download')).toBe('download')
    expect(safeFileName('CON')).toBe('_CON')
    expect(safeFileName('nul.txt')).toBe('_nul.txt')
    expect(safeFileName('Com7.wav')).toBe('_Com7.wav')
    expect(safeFileName('console.wav')).toBe('console.wav')
    expect(safeFileName('take 1. ')).toBe('take 1')
    expect(safeFileName('<spot>|"final".wav')).toBe('_spot___final_.wav')
    expect(Buffer.byteLength(safeFileName('é'.repeat(300)))).toBe(200)
  })

  it('never holds a separator, a control or reserved character, is never empty, never a dot name, never too long', () => {
    fc.assert(
      fc.property(hostile, (raw) => {
        const name = safeFileName(raw)
        expect(name.length).toBeGreaterThan(0)
        expect(
          [...name].filter(
            (c) =>
              '/\\<>:"|?*'.includes(c) ||
              (c.codePointAt(0) ?? 0) < 32 ||
              ((c.codePointAt(0) ?? 0) >= 0x7f && (c.codePointAt(0) ?? 0) <= 0x9f),
          ),
        ).toEqual([])
        expect(name).not.toMatch(/^[.\s]|[.\s]$/)
        expect(name).not.toMatch(/^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$/i)
        expect(Buffer.byteLength(name)).toBeLessThanOrEqual(MAX_FILE_NAME_BYTES)
        expect(name).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/)
      }),
      { numRuns: 2000 },
    )
  })

  it('joined to a folder, names a file in that folder (POSIX and Windows paths alike)', () => {
    fc.assert(
      fc.property(hostile, (raw) => {
        const name = safeFileName(raw)
        expect(dirname(join(FOLDER, name))).toBe(FOLDER)
        expect(posix.dirname(posix.join('/home/t/Downloads', name))).toBe('/home/t/Downloads')
        expect(win32.dirname(win32.join('C:\\Users\\t\\Downloads', name))).toBe('C:\\Users\\t\\Downloads')
        expect(safeFileName(name)).toBe(name)
      }),
      { numRuns: 2000 },
    )
  })
})
