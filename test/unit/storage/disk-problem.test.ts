/** How a failed write is told: which errors are disk trouble, the words, the byte counts, paths shortened to fit. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { classifyDeliveryFailure } from '../../../main/delivery/delivery-errors'
import { describeError } from '../../../main/bridge/describe-error'
import { diskFaultOf, diskWords, formatBytes } from '../../../main/storage/disk-problem'
import { SHORT_PATH_CHARS, shortPath } from '../../../main/storage/short-path'

const sysError = (code: string, path?: string) =>
  Object.assign(new Error(`${code}: something, open '${path ?? ''}'`), { code, ...(path ? { path } : {}) })

describe('which failures are disk trouble', () => {
  it('the system error anywhere in the chain, with the path it names, before any wrapper’s words', () => {
    const wrapped = new Error('Could not save /d/x.json: EROFS: read-only file system', {
      cause: sysError('EROFS', '/d/.x.json.1.ab.tmp'),
    })
    expect(diskFaultOf(wrapped)).toEqual({ trouble: 'read_only', path: '/d/.x.json.1.ab.tmp' })
    expect(diskFaultOf(new Error('copy failed', { cause: sysError('ENOSPC') }))).toEqual({
      trouble: 'full',
      path: null,
    })
    expect(diskFaultOf(sysError('EDQUOT', '/d/a'))).toMatchObject({ trouble: 'full' })
    expect(diskFaultOf(sysError('EIO', '/d/a'))).toMatchObject({ trouble: 'io' })
  })

  it('ffmpeg’s own words when it wrote the file', () => {
    const ffmpeg = Object.assign(new Error('ffmpeg exited with code 1'), {
      stderr: 'av_interleaved_write_frame(): No space left on device\nError writing trailer',
    })
    expect(diskFaultOf(ffmpeg)).toEqual({ trouble: 'full', path: null })
    expect(
      diskFaultOf(Object.assign(new Error('x'), { stderr: '/d/renders/1/t.wav: Read-only file system' })),
    ).toMatchObject({ trouble: 'read_only' })
  })

  it('a refusal counts only inside Booth’s data folder (a dropped file the person may not read is not Booth’s disk)', () => {
    expect(diskFaultOf(sysError('EACCES', '/home/ana/Desktop/take.wav'), '/home/ana/.local/share/booth')).toBeNull()
    expect(
      diskFaultOf(sysError('EACCES', '/home/ana/.local/share/booth/takes/1'), '/home/ana/.local/share/booth'),
    ).toMatchObject({ trouble: 'denied' })
    expect(diskFaultOf(sysError('EPERM', '/x'))).toBeNull()
  })

  it('other failures are not', () => {
    expect(diskFaultOf(sysError('ENOENT', '/d/a'))).toBeNull()
    expect(diskFaultOf(new Error('The recorded chunk is empty.'))).toBeNull()
    expect(diskFaultOf(null)).toBeNull()
    expect(diskFaultOf('ENOSPC')).toBeNull()
  })
})

describe('the words', () => {
  it('say what happened and what to do', () => {
    const full = diskWords({ trouble: 'full', path: null }, { dataDir: '/d', free: 1_234_567, again: 'record again' })
    expect(`${full.what} ${full.todo}`).toBe(
      "The disk holding Booth's data is full: 1.2 MB free. Free some space, then record again.",
    )
    const ro = diskWords(
      { trouble: 'read_only', path: '/d/takes/1042/.a.take.json.77.abcd1234.tmp' },
      { dataDir: '/d', free: null, again: 'try again' },
    )
    expect(ro.what).toBe(
      "The disk holding Booth's data is read-only (/d/takes/1042): Booth cannot save anything there.",
    )
  })

  it('byte counts read as a person reads them', () => {
    expect([0, 999, 1000, 40_960, 1_234_567, 9_990_000, 80_000_000_000].map(formatBytes)).toEqual([
      '0 bytes',
      '999 bytes',
      '1.0 KB',
      '41 KB',
      '1.2 MB',
      '10.0 MB',
      '80 GB',
    ])
  })

  it('the page gets kind "disk" (507) for a write that failed on the disk, from any call', () => {
    expect(describeError(new Error('x', { cause: sysError('ENOSPC', '/d/settings.json') }))).toMatchObject({
      status: 507,
      kind: 'disk',
      message: expect.stringMatching(/^The disk holding Booth's data is full\. Free some space, then try again\.$/),
    })
  })

  it('a delivery that cannot write waits for the disk (same key) and says so', () => {
    const verdict = classifyDeliveryFailure(
      Object.assign(new Error('ffmpeg exited with code 1'), { stderr: 'No space left on device' }),
    )
    expect(verdict).toEqual({
      kind: 'wait',
      retryAfterMs: null,
      message:
        "The disk holding Booth's data is full. This delivery waits and goes out by itself once Booth can write there again.",
    })
  })
})

describe('paths shortened to fit a panel', () => {
  it('keep where it is and what it is', () => {
    expect(shortPath('/home/talent/.local/share/booth/takes/1042/MILL-0042_SPRING_main_03.wav')).toBe(
      '/home/…/share/booth/takes/1042/MILL-0042_SPRING_main_03.wav',
    )
    expect(shortPath('C:\\Users\\ana\\AppData\\Roaming\\Booth\\takes\\1042\\MILL-0042_main_03.wav')).toBe(
      'C:\\Users\\…\\Roaming\\Booth\\takes\\1042\\MILL-0042_main_03.wav',
    )
    expect(shortPath('/tmp/a.wav')).toBe('/tmp/a.wav')
  })

  it('any path: never longer than the limit, one line, no direction controls', () => {
    const segment = fc.string({ minLength: 1, maxLength: 40, unit: 'grapheme' }).filter((s) => !s.includes('/'))
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 12 }), (parts) => {
        const shown = shortPath(`/${parts.join('/')}`)
        expect(shown.length).toBeLessThanOrEqual(SHORT_PATH_CHARS)
        expect(shown).not.toMatch(/[\u202A-\u202E\u2066-\u2069\n\r]/)
        expect(shown).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/)
      }),
    )
  })
})
