/**
 * A Booth child process (a tsx script) started for a kill test: resolves once it prints "under way" (its
 * work has begun), with a way to SIGKILL it and learn how it ended; rejects, with what it printed, when it
 * ends before that.
 */
import { spawn } from 'node:child_process'

export interface ChildUnderWay {
  /** SIGKILLs the child; resolves with how it ended (the signal, or its exit code when it ended first). */
  kill(): Promise<NodeJS.Signals | number | null>
  /** What it printed on stdout so far. */
  out(): string
}

export async function childUnderWay(script: string, args: readonly string[]): Promise<ChildUnderWay> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  let err = ''
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(signal ?? code)),
  )
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (b: Buffer) => {
      out += b.toString()
      if (out.includes('under way')) resolve()
    })
    child.stderr.on('data', (b: Buffer) => {
      err += b.toString()
    })
    child.on('exit', () => reject(new Error(`The child ended before its work was under way: ${out} ${err}`)))
  })
  return {
    kill: () => {
      child.kill('SIGKILL')
      return exited
    },
    out: () => out,
  }
}
