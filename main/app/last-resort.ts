/**
 * The last resort of main: a promise that failed with nobody to handle it, or an exception nothing
 * caught, would end Node's process — Booth itself, under the talent, mid-take. Both entry points install
 * this first: it logs what reached it (through the redacting logger) and Booth keeps running. Every
 * feature handles its own failures (a child that died says so where it is used); reaching here is a bug.
 *
 * Tests hold that no path reaches it: with BOOTH_FAIL_ON_LAST_RESORT=1 (the end-to-end tests' web hosts)
 * each one is also written to stderr on one line starting with LAST_RESORT_MARKER, and the test fails.
 */
import type { Log } from '../logging/redacting-log'
import { Redactor } from '../logging/redaction'

export const LAST_RESORT_MARKER = 'BOOTH-LAST-RESORT'
export const FAIL_ON_LAST_RESORT_ENV = 'BOOTH_FAIL_ON_LAST_RESORT'

export interface LastResort {
  /** How many failures reached it since it was installed. */
  reached(): number
  uninstall(): void
}

type Target = Pick<NodeJS.Process, 'on' | 'off'>

export interface LastResortOptions {
  log: Pick<Log, 'error'>
  /** Where the marked lines go (default process.stderr), and whether they are written at all. */
  marked?: ((line: string) => void) | null
  /** Default: the running process. */
  target?: Target
}

/** One line of what reached it: the error's name and message (tokens and headers redacted), never its stack or fields. */
function oneLine(err: unknown): string {
  const text = err instanceof Error ? `${err.name}: ${err.message}` : String(err)
  return new Redactor().text(text.replace(/\s+/g, ' ').slice(0, 500))
}

export function installLastResort(o: LastResortOptions): LastResort {
  const target: Target = o.target ?? process
  const marked =
    o.marked === undefined
      ? process.env[FAIL_ON_LAST_RESORT_ENV] === '1'
        ? (line: string) => void process.stderr.write(line)
        : null
      : o.marked
  let count = 0
  const reach = (what: 'unhandledRejection' | 'uncaughtException', err: unknown) => {
    count++
    try {
      o.log.error(
        `${what === 'unhandledRejection' ? 'a failure nothing handled' : 'an exception nothing caught'} reached the last resort; Booth keeps running`,
        { err, what },
      )
    } catch {
      // The log itself failing must not turn this into a second uncaught exception.
    }
    marked?.(`${LAST_RESORT_MARKER} ${what}: ${oneLine(err)}\n`)
  }
  const onRejection = (reason: unknown) => reach('unhandledRejection', reason)
  const onException = (err: unknown) => reach('uncaughtException', err)
  target.on('unhandledRejection', onRejection)
  target.on('uncaughtException', onException)
  return {
    reached: () => count,
    uninstall: () => {
      target.off('unhandledRejection', onRejection)
      target.off('uncaughtException', onException)
    },
  }
}
