/**
 * `--api-key-file PATH`: the web host's API key without the environment. A variable set for a process stays
 * in its environment block for its whole life (Linux shows it in /proc/PID/environ, macOS in `ps eww`, to
 * the same user and root) and in that of every process that started it (npm, the shell), which Booth cannot
 * scrub; a file or a pipe leaves no such trace:
 * - a pipe, such as bash's `--api-key-file <(pass show booth)`, or `-` for standard input: read to its end;
 * - a regular file: only one no one else can read (mode 600, owned by you), read once and then DELETED,
 *   so the key is on disk only until Booth starts.
 * The key is the file's text, trimmed; at most 4 KB.
 */
import { lstat, open, readFile, rm } from 'node:fs/promises'
import { WebArgsError } from './web-args'

const MAX_BYTES = 4_096

/** Reads the key named by --api-key-file (stdin for `-`); a file that is not private, or holds none, is refused. */
export async function readApiKeyFile(path: string, stdin: NodeJS.ReadableStream = process.stdin): Promise<string> {
  const text = path === '-' ? await readStream(stdin) : await readNamed(path)
  const key = text.trim()
  if (!key) throw new WebArgsError(`--api-key-file ${path} holds no API key.`)
  if (/\s/.test(key))
    throw new WebArgsError(`--api-key-file ${path} holds more than one word; it should hold the API key alone.`)
  return key
}

async function readNamed(path: string): Promise<string> {
  const info = await lstat(path).catch(() => null)
  if (!info) throw new WebArgsError(`--api-key-file ${path} does not exist.`)
  if (info.isSymbolicLink() && !path.startsWith('/dev/fd/') && !path.startsWith('/proc/')) {
    throw new WebArgsError(`--api-key-file ${path} is a link; name the file itself.`)
  }
  if (!info.isFile()) return readStream((await open(path, 'r')).createReadStream())
  if (typeof process.getuid === 'function') {
    if (info.uid !== process.getuid())
      throw new WebArgsError(
        `--api-key-file ${path} belongs to another user; Booth reads a key only from a file of yours.`,
      )
    if ((info.mode & 0o077) !== 0) {
      throw new WebArgsError(
        `--api-key-file ${path} can be read by others (mode ${(info.mode & 0o777).toString(8)}); make it yours alone first: chmod 600 ${path}`,
      )
    }
  }
  if (info.size > MAX_BYTES)
    throw new WebArgsError(`--api-key-file ${path} is larger than an API key (${info.size} bytes).`)
  const text = await readFile(path, 'utf8')
  // Read once: the key is not left on disk for whoever comes later.
  await rm(path, { force: true })
  return text
}

async function readStream(stream: NodeJS.ReadableStream): Promise<string> {
  let text = ''
  for await (const chunk of stream) {
    text += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8')
    if (text.length > MAX_BYTES) throw new WebArgsError('--api-key-file gave more than an API key (over 4 KB).')
  }
  return text
}
