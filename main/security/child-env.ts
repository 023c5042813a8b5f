/**
 * The environment Booth hands to every process it starts (ffmpeg, the OS "open" helper): Booth's own
 * environment without secrets. Dropped are variables whose NAME says secret (KEY, TOKEN, SECRET,
 * PASSWORD/PASSWD, CREDENTIAL, AUTH, COOKIE, PRIVATE), cloud and package-registry credentials by
 * prefix (AWS_, AZURE_, ARM_, GOOGLE_, GCP_, GCLOUD_, CLOUDSDK_, npm_config_ …), and variables whose VALUE
 * carries a password in a URL (scheme://user:pass@host) or contains a secret Booth knows (the API key).
 * BOOTH_API_KEY is therefore never passed on. Electron's shell.openExternal cannot be given an
 * environment, so the entry points also call scrubOwnEnv() once at start, after reading the key.
 */

const SECRET_WORDS = /KEY|TOKEN|SECRET|PASSW|CREDENTIAL|AUTH|COOKIE|PRIVATE/i
const SECRET_PREFIXES = [
  'AWS_', 'AZURE_', 'ARM_', 'GOOGLE_', 'GCP_', 'GCLOUD_', 'CLOUDSDK_', 'ALIBABA_CLOUD_', 'ALICLOUD_', 'DIGITALOCEAN_',
  'HCLOUD_', 'OCI_', 'IBMCLOUD_', 'NPM_CONFIG_', 'YARN_', 'NODE_AUTH_', 'DOCKER_', 'KUBE', 'VAULT_', 'GITHUB_', 'GH_', 'GITLAB_',
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

/** A copy of `env` without secrets, for a child process. `known` are secrets Booth holds (by default those knowSecrets gave). */
export function childEnv(env: NodeJS.ProcessEnv = process.env, known: readonly string[] = heldSecrets()): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {}
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || isSecretName(name) || isSecretValue(value, known)) continue
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
