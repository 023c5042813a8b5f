/**
 * The one function that finds ffmpeg. Order:
 *   1. BOOTH_FFMPEG (a user or developer override; if set it must work — no silent fallback),
 *   2. the binary of the optional ffmpeg-static package (inside a packaged Electron app the path points
 *      into app.asar, which a child process cannot execute, so it is rewritten to app.asar.unpacked —
 *      electron-builder unpacks it there),
 *   3. `ffmpeg` on PATH.
 * When none works it throws FfmpegNotFoundError with one human sentence.
 */
import { constants as fsConstants } from 'node:fs'
import { access, stat } from 'node:fs/promises'
import path from 'node:path'
import { FfmpegNotFoundError } from './ffmpeg-errors'

export interface FfmpegLocation {
  path: string
  source: 'env' | 'ffmpeg-static' | 'path'
}

export interface FindFfmpegOptions {
  /** Environment to read BOOTH_FFMPEG, PATH and PATHEXT from (default process.env). */
  env?: NodeJS.ProcessEnv
  /** Loads ffmpeg-static's exported path; default: dynamic import, tolerating its absence. */
  loadStaticPath?: () => Promise<string | null>
  /** Platform, for the executable suffixes on Windows (default process.platform). */
  platform?: NodeJS.Platform
}

export const FFMPEG_ENV_VAR = 'BOOTH_FFMPEG'

/** ffmpeg-static is an optional dependency: import it by a non-literal name so its absence is not an error. */
export async function loadFfmpegStaticPath(): Promise<string | null> {
  const name = 'ffmpeg-static'
  try {
    const mod = (await import(/* @vite-ignore */ name)) as { default?: unknown }
    return typeof mod.default === 'string' ? mod.default : null
  } catch {
    return null
  }
}

/** A path inside an Electron asar archive cannot be executed; electron-builder puts such binaries in app.asar.unpacked. */
export function unpackedAsarPath(p: string): string {
  return p.replace(/([\\/])app\.asar([\\/])/, '$1app.asar.unpacked$2')
}

async function isExecutableFile(p: string, platform: NodeJS.Platform): Promise<boolean> {
  try {
    const s = await stat(p)
    if (!s.isFile()) return false
    if (platform !== 'win32') await access(p, fsConstants.X_OK)
    return true
  } catch {
    return false
  }
}

async function searchPath(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): Promise<string | null> {
  const dirs = (env.PATH ?? env.Path ?? '').split(platform === 'win32' ? ';' : ':').filter(Boolean)
  const suffixes = platform === 'win32' ? (env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';').filter(Boolean) : ['']
  for (const dir of dirs) {
    for (const suffix of suffixes) {
      const candidate = path.join(dir, `ffmpeg${suffix.toLowerCase()}`)
      if (await isExecutableFile(candidate, platform)) return candidate
    }
  }
  return null
}

export async function findFfmpeg(options: FindFfmpegOptions = {}): Promise<FfmpegLocation> {
  const env = options.env ?? process.env
  const platform = options.platform ?? process.platform
  const loadStatic = options.loadStaticPath ?? loadFfmpegStaticPath
  const tried: string[] = []

  const override = env[FFMPEG_ENV_VAR]?.trim()
  if (override) {
    if (await isExecutableFile(override, platform)) return { path: override, source: 'env' }
    throw new FfmpegNotFoundError(
      `${FFMPEG_ENV_VAR} is set to ${override}, but no executable ffmpeg is there; fix or unset ${FFMPEG_ENV_VAR}.`,
      [`${FFMPEG_ENV_VAR}=${override}: not an executable file`],
    )
  }
  tried.push(`${FFMPEG_ENV_VAR}: not set`)

  const staticPath = await loadStatic()
  if (staticPath) {
    const unpacked = unpackedAsarPath(staticPath)
    if (await isExecutableFile(unpacked, platform)) return { path: unpacked, source: 'ffmpeg-static' }
    tried.push(`ffmpeg-static: ${unpacked} is not an executable file`)
  } else {
    tried.push('ffmpeg-static: not installed')
  }

  const onPath = await searchPath(env, platform)
  if (onPath) return { path: onPath, source: 'path' }
  tried.push('PATH: no ffmpeg')

  throw new FfmpegNotFoundError(
    `ffmpeg was not found: set ${FFMPEG_ENV_VAR} to an ffmpeg binary, install the ffmpeg-static package, or put ffmpeg on your PATH.`,
    tried,
  )
}
