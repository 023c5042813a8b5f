/** Arguments of `npm run web`: --port P, --base-url URL, --data-dir DIR, --api-key-file PATH (api-key-file.ts). */
export interface WebArgs {
  port: number
  baseUrl: string | undefined
  dataDir: string | undefined
  apiKeyFile: string | undefined
}

export class WebArgsError extends Error {
  constructor(message: string) {
    super(
      `${message}\nUsage: npm run web -- [--port P] [--base-url URL] [--data-dir DIR] [--api-key-file PATH|-]   (or the API key from BOOTH_API_KEY)`,
    )
    this.name = 'WebArgsError'
  }
}

export const DEFAULT_WEB_PORT = 4780

export function parseWebArgs(argv: string[]): WebArgs {
  const out: WebArgs = { port: DEFAULT_WEB_PORT, baseUrl: undefined, dataDir: undefined, apiKeyFile: undefined }
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i] as string
    const [name, inline] = flag.includes('=')
      ? [flag.slice(0, flag.indexOf('=')), flag.slice(flag.indexOf('=') + 1)]
      : [flag, undefined]
    const value = inline ?? argv[++i]
    if (value === undefined || value.startsWith('--')) throw new WebArgsError(`${name} needs a value.`)
    if (name === '--port') {
      const port = Number(value)
      if (!Number.isInteger(port) || port < 0 || port > 65535)
        throw new WebArgsError(`--port must be a port number from 0 to 65535, not “${value}”.`)
      out.port = port
    } else if (name === '--base-url') out.baseUrl = value
    else if (name === '--data-dir') out.dataDir = value
    else if (name === '--api-key-file') out.apiKeyFile = value
    else throw new WebArgsError(`Unknown option ${name}.`)
  }
  return out
}
