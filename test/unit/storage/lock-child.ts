/**
 * Child process of the lock-file tests: takes a lock file as another Booth process would.
 * Usage: tsx lock-child.ts <lockPath> hold            take it now, print the attempt, stay alive until killed
 *        tsx lock-child.ts <lockPath> race <goFile>   print "ready", wait for <goFile>, try once, print the attempt,
 *                                                      keep what it got until stdin closes
 */
import { existsSync } from 'node:fs'
import { tryLock } from '../../../main/storage/lock-file'

const [path, mode, go] = process.argv.slice(2)
if (!path || (mode !== 'hold' && mode !== 'race') || (mode === 'race' && !go)) {
  console.error('usage: lock-child.ts <lockPath> hold | race <goFile>')
  process.exit(2)
}
if (mode === 'race') {
  process.stdout.write('ready\n')
  while (!existsSync(go as string)) await new Promise((r) => setTimeout(r, 2))
}
const attempt = await tryLock(path, { about: { kind: 'test child' } })
process.stdout.write(
  `${JSON.stringify({ ok: attempt.ok, state: attempt.ok ? null : attempt.state, pid: process.pid })}\n`,
)
if (mode === 'hold') setInterval(() => {}, 1000)
else process.stdin.on('end', () => process.exit(0)).resume()
