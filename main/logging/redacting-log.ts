/**
 * Booth's logger facade. Every entry (message, structured fields, errors) passes through a Redactor before
 * a sink sees it, so the API key, Authorization headers and bearer tokens never reach electron-log or a file.
 *
 * Sinks: in Electron the lead injects electron-log (see `electronLogSink`); the web host uses
 * `createFileSink` (log-file-sink.ts), which appends to `<dataDir>/logs/booth.log`.
 */
import { Redactor } from './redaction'

export type LogLevel = 'debug' | 'info' | 'warn' | 'error'

export const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error']

/** What a sink receives: already redacted, plain JSON-safe data. */
export interface LogEntry {
  level: LogLevel
  /** Milliseconds since the epoch. */
  time: number
  message: string
  fields: Record<string, unknown>
}

export interface LogSink {
  write(entry: LogEntry): void
}

export type LogFields = Record<string, unknown>

export interface Log {
  debug(message: string, fields?: LogFields): void
  info(message: string, fields?: LogFields): void
  warn(message: string, fields?: LogFields): void
  error(message: string, fields?: LogFields): void
  /** A logger that adds `fields` to every entry (e.g. `{module: 'poller'}`); it shares secrets and sink. */
  child(fields: LogFields): Log
  /** Registers a secret to scrub (the API key as soon as it is read or entered). */
  addSecret(secret: string): void
  removeSecret(secret: string): void
}

export interface CreateLogOptions {
  sink: LogSink
  /** Entries below this level are dropped (default 'info'). */
  level?: LogLevel
  /** Secrets known at start. */
  secrets?: string[]
  /** Clock for entry times (default Date.now). */
  now?: () => number
}

/** Creates the logger. A sink that throws never breaks the caller: the failure is reported once on stderr. */
export function createLog(options: CreateLogOptions): Log {
  if (!options || typeof options.sink?.write !== 'function') {
    throw new TypeError('createLog needs a sink with a write(entry) function.')
  }
  const minimum = options.level ?? 'info'
  if (!LOG_LEVELS.includes(minimum)) {
    throw new TypeError(`Unknown log level "${String(minimum)}"; use one of ${LOG_LEVELS.join(', ')}.`)
  }
  const redactor = new Redactor()
  for (const secret of options.secrets ?? []) redactor.addSecret(secret)
  const now = options.now ?? Date.now
  let sinkFailed = false

  const emit = (level: LogLevel, message: unknown, base: LogFields, fields: LogFields | undefined) => {
    if (LOG_LEVELS.indexOf(level) < LOG_LEVELS.indexOf(minimum)) return
    const text = typeof message === 'string' ? message : String(message)
    const merged = fields === undefined ? base : { ...base, ...fields }
    const entry: LogEntry = {
      level,
      time: now(),
      message: redactor.text(text),
      fields: redactor.value(merged) as Record<string, unknown>,
    }
    try {
      options.sink.write(entry)
    } catch (error) {
      if (!sinkFailed) {
        sinkFailed = true
        process.stderr.write(`Booth log sink failed: ${redactor.text(String(error))}\n`)
      }
    }
  }

  const make = (base: LogFields): Log => ({
    debug: (message, fields) => emit('debug', message, base, fields),
    info: (message, fields) => emit('info', message, base, fields),
    warn: (message, fields) => emit('warn', message, base, fields),
    error: (message, fields) => emit('error', message, base, fields),
    child: (fields) => make({ ...base, ...fields }),
    addSecret: (secret) => redactor.addSecret(secret),
    removeSecret: (secret) => redactor.removeSecret(secret),
  })
  return make({})
}

/**
 * The part of electron-log's logger Booth uses. In Electron it comes from `electron-log/node`
 * (main/shell/electron-log-file.ts): `electron-log/main` would register an IPC channel for renderer
 * logging that nothing uses and no sender check guards.
 */
export interface ElectronLogLike {
  debug(...params: unknown[]): void
  info(...params: unknown[]): void
  warn(...params: unknown[]): void
  error(...params: unknown[]): void
}

/** Adapts electron-log as a sink. It only ever receives already-redacted entries. */
export function electronLogSink(electronLog: ElectronLogLike): LogSink {
  return {
    write(entry) {
      const params: unknown[] = [entry.message]
      if (Object.keys(entry.fields).length > 0) params.push(entry.fields)
      electronLog[entry.level](...params)
    },
  }
}
