/**
 * The web host's log sink around the log file: warnings and errors are copied to stderr as they always
 * were, and while the file cannot be written (a full or read-only disk, a folder gone) every entry goes
 * to stderr in full, after one line saying why, until the file takes entries again. A log that cannot be
 * written is when its copy matters most.
 */
import { formatLogLine, type FileSink } from './log-file-sink'
import type { LogEntry, LogSink } from './redacting-log'

export function withStderrCopy(
  file: Pick<FileSink, 'write' | 'path'>,
  stderr: (text: string) => void = (t) => void process.stderr.write(t),
): LogSink {
  let failing: string | null = null
  return {
    write(entry: LogEntry) {
      try {
        file.write(entry)
        if (failing !== null) {
          failing = null
          stderr(`Booth's log file ${file.path} takes entries again.\n`)
        }
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err)
        if (failing !== reason) {
          failing = reason
          stderr(
            `Booth cannot write its log file ${file.path} (${reason}); its entries are written here until it can.\n`,
          )
        }
        stderr(formatLogLine(entry))
        return
      }
      if (entry.level === 'warn' || entry.level === 'error') stderr(`${entry.level}: ${entry.message}\n`)
    },
  }
}
