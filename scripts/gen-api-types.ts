// Generates shared/api/talent-v1.ts from resources/api/talent-v1.yaml with openapi-typescript.
// Run it with `npm run gen:api`; the contract test fails when the committed file differs from a fresh run.
import { readFile, writeFile, mkdir } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import openapiTS, { astToString } from 'openapi-typescript'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..')

export const TALENT_API_YAML = resolve(repoRoot, 'resources/api/talent-v1.yaml')
export const TALENT_API_TYPES = resolve(repoRoot, 'shared/api/talent-v1.ts')

const HEADER = [
  '// GENERATED FILE: do not edit by hand.',
  '// Source: resources/api/talent-v1.yaml (OpenAPI 3.1, the talent API contract).',
  '// Regenerate with `npm run gen:api` (scripts/gen-api-types.ts, openapi-typescript).',
  '',
  '',
].join('\n')

/** Generates the TypeScript types of the talent API and returns the file's text, without writing it. */
export async function generateTalentApiTypes(yamlPath: string = TALENT_API_YAML): Promise<string> {
  try {
    await readFile(yamlPath, 'utf8')
  } catch (cause) {
    throw new Error(`Cannot read the OpenAPI document at ${yamlPath}: ${(cause as Error).message}`, { cause })
  }
  const ast = await openapiTS(pathToFileURL(yamlPath), {
    // Objects without additionalProperties stay closed, as the document means them.
    additionalProperties: false,
    // Type aliases such as SchemaJobSummary next to components['schemas']['JobSummary'].
    rootTypes: true,
    silent: true,
  })
  return HEADER + astToString(ast)
}

/** Writes the generated types to the committed file and returns the path written. */
export async function writeTalentApiTypes(outPath: string = TALENT_API_TYPES): Promise<string> {
  const text = await generateTalentApiTypes()
  await mkdir(dirname(outPath), { recursive: true })
  await writeFile(outPath, text, 'utf8')
  return outPath
}

const invokedDirectly = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)
if (invokedDirectly) {
  writeTalentApiTypes().then(
    (path) => console.log(`Wrote ${path}`),
    (error: unknown) => {
      console.error(`gen:api failed: ${error instanceof Error ? error.message : String(error)}`)
      process.exit(1)
    },
  )
}
