/** Booth's data folder when none is given: the platform's usual place for an app's own data. */
import { homedir } from 'node:os'
import { join } from 'node:path'

export function defaultDataDir(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
): string {
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Booth')
  if (platform === 'win32') return join(env['APPDATA'] ?? join(homedir(), 'AppData', 'Roaming'), 'Booth')
  return join(env['XDG_DATA_HOME'] ?? join(homedir(), '.local', 'share'), 'booth')
}
