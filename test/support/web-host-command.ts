/**
 * How the tests start Booth's web host: the built bundle (out/web/web.js, made by `npm run build`), as
 * `npm run web` does, and as the shell tests load out/main/. It starts in about half the time of main/web.ts
 * compiled on the fly, which matters on a busy machine that starts it some seventy times a run.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'

const ROOT = join(import.meta.dirname, '..', '..')
export const WEB_HOST_BUNDLE = join(ROOT, 'out', 'web', 'web.js')

/** Node's arguments that run the web host with `args`; throws, saying what to run, when it is not built. */
export function webHostArgs(args: readonly string[]): string[] {
  if (!existsSync(WEB_HOST_BUNDLE))
    throw new Error(`The web host is not built (${WEB_HOST_BUNDLE} is missing): run \`npm run build\` first.`)
  return ['--enable-source-maps', WEB_HOST_BUNDLE, ...args]
}
