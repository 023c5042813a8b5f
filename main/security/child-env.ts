/**
 * The environment Booth hands to every process it starts (ffmpeg, espeak-ng, pocketsphinx, the OS "open"
 * helper): an ALLOW-list of what those programs need, nothing else — so no secret of Booth's environment
 * (DB_PASS, MYSQL_PWD, SENTRY_DSN, SLACK_WEBHOOK_URL, CI_JOB_JWT, BOOTH_API_KEY …, whatever its name) and no
 * variable that changes what ffmpeg does (FFREPORT would make it write a report file) ever reaches one.
 * Passed on (names compared in upper case, as Windows does):
 * - finding programs and files: PATH, HOME, TMPDIR/TEMP/TMP; on Windows SystemRoot, WINDIR, COMSPEC,
 *   PATHEXT and the profile folders (USERPROFILE, APPDATA, LOCALAPPDATA, ProgramFiles …) a browser needs;
 * - language: LANG, LANGUAGE, LC_*;
 * - the desktop, for the "open" helper and the browser it starts: DISPLAY, WAYLAND_DISPLAY, XAUTHORITY,
 *   DBUS_SESSION_BUS_ADDRESS, XDG_* (runtime dir, desktop, data and config dirs), DESKTOP_SESSION, BROWSER,
 *   and the KDE/GNOME session markers xdg-open reads;
 * - ESPEAK_DATA_PATH (where espeak-ng's voices are, when moved).
 * Even an allowed variable is dropped when its VALUE carries a password in a URL (scheme://user:pass@host)
 * or a secret Booth knows (the API key). Electron's shell.openExternal cannot be given an environment, so
 * the entry points also call scrubOwnEnv() once at start, after reading the key: it removes from Booth's
 * own environment the variables whose NAME says secret (below).
 */

const ALLOWED = new Set([
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'TMPDIR',
  'TEMP',
  'TMP',
  'LANG',
  'LANGUAGE',
  'SYSTEMROOT',
  'WINDIR',
  'COMSPEC',
  'PATHEXT',
  'SYSTEMDRIVE',
  'USERPROFILE',
  'USERNAME',
  'HOMEDRIVE',
  'HOMEPATH',
  'APPDATA',
  'LOCALAPPDATA',
  'PROGRAMDATA',
  'ALLUSERSPROFILE',
  'PUBLIC',
  'PROGRAMFILES',
  'PROGRAMFILES(X86)',
  'PROGRAMW6432',
  'COMMONPROGRAMFILES',
  'COMMONPROGRAMFILES(X86)',
  'COMMONPROGRAMW6432',
  'OS',
  'PROCESSOR_ARCHITECTURE',
  'NUMBER_OF_PROCESSORS',
  'DISPLAY',
  'WAYLAND_DISPLAY',
  'XAUTHORITY',
  'DBUS_SESSION_BUS_ADDRESS',
  'DESKTOP_SESSION',
  'BROWSER',
  'KDE_FULL_SESSION',
  'KDE_SESSION_VERSION',
  'GNOME_DESKTOP_SESSION_ID',
  'ESPEAK_DATA_PATH',
])
const ALLOWED_PREFIXES = ['LC_', 'XDG_']

/** True when a child process may be given a variable of this name (see the list above). */
export function isAllowedName(name: string): boolean {
  const upper = name.toUpperCase()
  return ALLOWED.has(upper) || ALLOWED_PREFIXES.some((p) => upper.startsWith(p) && upper.length > p.length)
}

/*
 * Names that say secret, for scrubOwnEnv: KEY, TOKEN, SECRET, PASS (PASSWORD, DB_PASS), a *_PWD
 * (MYSQL_PWD; not PWD, the working folder), CREDENTIAL, AUTH, COOKIE, PRIVATE, DSN, WEBHOOK, JWT, and cloud,
 * CI and package-registry credentials by prefix.
 */
const SECRET_WORDS = /KEY|TOKEN|SECRET|PASS|_PWD$|CREDENTIAL|AUTH|COOKIE|PRIVATE|DSN|WEBHOOK|JWT/i
const SECRET_PREFIXES = [
  'AWS_',
  'AZURE_',
  'ARM_',
  'GOOGLE_',
  'GCP_',
  'GCLOUD_',
  'CLOUDSDK_',
  'ALIBABA_CLOUD_',
  'ALICLOUD_',
  'DIGITALOCEAN_',
  'HCLOUD_',
  'OCI_',
  'IBMCLOUD_',
  'NPM_CONFIG_',
  'YARN_',
  'NODE_AUTH_',
  'DOCKER_',
  'KUBE',
  'VAULT_',
  'GITHUB_',
  'GH_',
  'GITLAB_',
  'SENTRY_',
  'SLACK_',
  'CI_JOB_',
]
/**
 * Paths the desktop needs (the X display's cookie file for the browser, the keyring's socket for the
 * keychain); they hold no secret themselves. Session variables (DBUS_SESSION_BUS_ADDRESS) are not matched.
 */
const KEEP = new Set(['XAUTHORITY', 'GNOME_KEYRING_CONTROL'])
/** A URL with a password in it: scheme://user:password@host. */
const URL_WITH_PASSWORD = /[a-z][a-z0-9+.-]*:\/\/[^\s/:@]*:[^\s/@]+@/i

/** True when a variable of this name (case ignored) may hold a secret. */
export function isSecretName(name: string): boolean {
  if (KEEP.has(name.toUpperCase())) return false
  const upper = name.toUpperCase()
  return SECRET_WORDS.test(name) || SECRET_PREFIXES.some((p) => upper.startsWith(p))
}

/** True when the value itself gives a secret away (a password in a URL, or one of `known`). */
export function isSecretValue(value: string, known: readonly string[] = []): boolean {
  return URL_WITH_PASSWORD.test(value) || known.some((s) => s.length >= 8 && value.includes(s))
}

/** Where the secrets Booth holds are read from when a child process starts (none until knowSecrets). */
let heldSecrets: () => readonly string[] = () => []

/**
 * Tells childEnv where to read the secrets Booth holds (the API key in use), so a variable whose value
 * carries one is never passed on, whatever its name. Returns a function that forgets the source again.
 */
export function knowSecrets(source: () => readonly string[]): () => void {
  heldSecrets = source
  return () => {
    if (heldSecrets === source) heldSecrets = () => []
  }
}

/**
 * The environment for a child process: only the allowed variables of `env`, and none whose value gives a
 * secret away. `known` are secrets Booth holds (by default those knowSecrets gave).
 */
export function childEnv(
  env: NodeJS.ProcessEnv = process.env,
  known: readonly string[] = heldSecrets(),
): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {}
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || !isAllowedName(name) || isSecretName(name) || isSecretValue(value, known)) continue
    out[name] = value
  }
  return out
}

/**
 * Removes secrets from Booth's own environment (in place; deleting from process.env unsets the OS
 * variable too), so helpers that inherit it — Electron's shell.openExternal — get none. Returns the
 * names removed (never the values), for the log.
 */
export function scrubOwnEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  const removed: string[] = []
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || !(isSecretName(name) || isSecretValue(value))) continue
    Reflect.deleteProperty(env, name)
    removed.push(name)
  }
  return removed
}

/** Reads BOOTH_API_KEY once and removes it from the environment; undefined when unset or blank. */
export function takeEnvApiKey(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const key = env['BOOTH_API_KEY']?.trim() || undefined
  Reflect.deleteProperty(env, 'BOOTH_API_KEY')
  return key
}
