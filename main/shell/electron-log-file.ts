/**
 * electron-log as the desktop log's sink, from its Node entry (`electron-log/node`): the file and console
 * transports only. Its Electron entry (`electron-log/main`) would also register an IPC channel,
 * `__ELECTRON_LOG__`, for renderer logging, which Booth's preload never uses and which no sender check
 * guards; Booth's only IPC channel is the bridge's (main/shell/bridge-ipc.ts).
 */
import log from 'electron-log/node'
import { join } from 'node:path'
import { electronLogSink, type LogSink } from '../logging/redacting-log'

/** A sink writing to `<logsDir>/main.log` (Electron's `app.getPath('logs')`), rotated by electron-log at 5 MB. */
export function electronLogFileSink(logsDir: string): LogSink {
  log.transports.file.resolvePathFn = () => join(logsDir, 'main.log')
  log.transports.file.maxSize = 5 * 1024 * 1024
  return electronLogSink(log)
}
