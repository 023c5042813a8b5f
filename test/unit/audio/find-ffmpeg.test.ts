import { chmod, mkdir, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FfmpegNotFoundError } from '../../../main/audio/ffmpeg-errors'
import { findFfmpeg, loadFfmpegStaticPath, unpackedAsarPath } from '../../../main/audio/find-ffmpeg'
import { makeTempDir } from '../../support/audio-fixtures'

let dir = ''
let cleanup: () => Promise<void> = async () => {}
const noStatic = async (): Promise<null> => null

async function fakeBinary(file: string, mode = 0o755): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, '#!/bin/sh\nexit 0\n')
  await chmod(file, mode)
  return file
}

beforeAll(async () => {
  ;({ dir, cleanup } = await makeTempDir('booth-find-ffmpeg-'))
})
afterAll(() => cleanup())

describe('findFfmpeg', () => {
  it('uses BOOTH_FFMPEG first, even when ffmpeg-static and PATH have one', async () => {
    const own = await fakeBinary(path.join(dir, 'override', 'my-ffmpeg'))
    const onPath = await fakeBinary(path.join(dir, 'bin', 'ffmpeg'))
    const found = await findFfmpeg({
      env: { BOOTH_FFMPEG: own, PATH: path.dirname(onPath) },
      loadStaticPath: async () => onPath,
    })
    expect(found).toEqual({ path: own, source: 'env' })
  })

  it('refuses a BOOTH_FFMPEG that points nowhere, with a sentence naming it (no silent fallback)', async () => {
    const onPath = await fakeBinary(path.join(dir, 'bin2', 'ffmpeg'))
    const missing = path.join(dir, 'nope', 'ffmpeg')
    const attempt = findFfmpeg({ env: { BOOTH_FFMPEG: missing, PATH: path.dirname(onPath) }, loadStaticPath: noStatic })
    await expect(attempt).rejects.toBeInstanceOf(FfmpegNotFoundError)
    await expect(attempt).rejects.toThrow(`BOOTH_FFMPEG is set to ${missing}, but no executable ffmpeg is there`)
  })

  it('uses ffmpeg-static next, rewritten out of app.asar into app.asar.unpacked', async () => {
    const inAsar = path.join(dir, 'Booth.app', 'Resources', 'app.asar', 'node_modules', 'ffmpeg-static', 'ffmpeg')
    const unpacked = await fakeBinary(unpackedAsarPath(inAsar))
    const found = await findFfmpeg({ env: { PATH: '' }, loadStaticPath: async () => inAsar })
    expect(found).toEqual({ path: unpacked, source: 'ffmpeg-static' })
  })

  it('falls back to PATH when ffmpeg-static is absent or its binary is missing, skipping non-executables', async () => {
    const notExec = await fakeBinary(path.join(dir, 'noexec', 'ffmpeg'), 0o644)
    const good = await fakeBinary(path.join(dir, 'good', 'ffmpeg'))
    const env = { PATH: [path.dirname(notExec), path.join(dir, 'empty'), path.dirname(good)].join(':') }
    expect(await findFfmpeg({ env, loadStaticPath: noStatic })).toEqual({ path: good, source: 'path' })
    expect(await findFfmpeg({ env, loadStaticPath: async () => path.join(dir, 'gone', 'ffmpeg') })).toEqual({
      path: good,
      source: 'path',
    })
  })

  it('finds ffmpeg.exe through PATHEXT on Windows', async () => {
    const exe = await fakeBinary(path.join(dir, 'win', 'ffmpeg.exe'))
    const found = await findFfmpeg({
      env: { Path: path.dirname(exe), PATHEXT: '.COM;.EXE' },
      loadStaticPath: noStatic,
      platform: 'win32',
    })
    expect(found).toEqual({ path: exe, source: 'path' })
  })

  it('throws FfmpegNotFoundError with one human sentence and the places tried when there is none', async () => {
    const attempt = findFfmpeg({ env: { PATH: path.join(dir, 'empty') }, loadStaticPath: noStatic })
    await expect(attempt).rejects.toThrow(
      /^ffmpeg was not found: set BOOTH_FFMPEG to an ffmpeg binary, install the ffmpeg-static package, or put ffmpeg on your PATH\.$/,
    )
    const err = await attempt.catch((e: unknown) => e)
    expect((err as FfmpegNotFoundError).tried).toEqual([
      'BOOTH_FFMPEG: not set',
      'ffmpeg-static: not installed',
      'PATH: no ffmpeg',
    ])
  })

  it('finds the real ffmpeg of this machine with the default options', async () => {
    const found = await findFfmpeg({ env: { PATH: process.env.PATH } })
    expect(path.basename(found.path)).toBe('ffmpeg')
  })
})

describe('loadFfmpegStaticPath and unpackedAsarPath', () => {
  it('tolerates the optional ffmpeg-static package being absent (and returns its path when present)', async () => {
    let installed = true
    try {
      createRequire(import.meta.url).resolve('ffmpeg-static')
    } catch {
      installed = false
    }
    const got = await loadFfmpegStaticPath()
    if (installed) expect(typeof got).toBe('string')
    else expect(got).toBeNull()
  })

  it('rewrites only an app.asar path segment, on either separator', () => {
    expect(
      unpackedAsarPath('/Applications/Booth.app/Contents/Resources/app.asar/node_modules/ffmpeg-static/ffmpeg'),
    ).toBe('/Applications/Booth.app/Contents/Resources/app.asar.unpacked/node_modules/ffmpeg-static/ffmpeg')
    expect(unpackedAsarPath('C:\\Booth\\resources\\app.asar\\node_modules\\ffmpeg-static\\ffmpeg.exe')).toBe(
      'C:\\Booth\\resources\\app.asar.unpacked\\node_modules\\ffmpeg-static\\ffmpeg.exe',
    )
    expect(unpackedAsarPath('/x/app.asar.unpacked/ffmpeg')).toBe('/x/app.asar.unpacked/ffmpeg')
    expect(unpackedAsarPath('/home/me/my-app.asar-tools/ffmpeg')).toBe('/home/me/my-app.asar-tools/ffmpeg')
  })
})
