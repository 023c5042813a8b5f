import { readFileSync } from 'node:fs'
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { generateTalentApiTypes, TALENT_API_TYPES, TALENT_API_YAML } from '../../../scripts/gen-api-types'

const tempDirs: string[] = []
afterAll(() => tempDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

function tempYaml(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'booth-contract-'))
  tempDirs.push(dir)
  const path = join(dir, 'talent-v1.yaml')
  writeFileSync(path, text)
  return path
}

describe('generated talent API types', () => {
  it('equal a fresh generation from resources/api/talent-v1.yaml', async () => {
    const fresh = await generateTalentApiTypes()
    const committed = readFileSync(TALENT_API_TYPES, 'utf8')
    if (committed !== fresh) {
      expect.fail('shared/api/talent-v1.ts is out of date with resources/api/talent-v1.yaml: run `npm run gen:api`')
    }
    expect(fresh.startsWith('// GENERATED FILE')).toBe(true)
    expect(fresh).toContain('npm run gen:api')
  })

  it('change when the document changes (the drift check can fail)', async () => {
    const original = readFileSync(TALENT_API_YAML, 'utf8')
    const changed = original.replace(
      'enum: [main, alt, safety, pickup, tag]',
      'enum: [main, alt, safety, pickup, tag, wild]',
    )
    expect(changed).not.toBe(original)
    const text = await generateTalentApiTypes(tempYaml(changed))
    expect(text).toContain('"wild"')
    expect(text).not.toBe(readFileSync(TALENT_API_TYPES, 'utf8'))
  })

  it('refuse a structurally broken document with its reason', async () => {
    const original = readFileSync(TALENT_API_YAML, 'utf8')
    const broken = original.replace(
      "$ref: '#/components/schemas/JobCounts'",
      "$ref: '#/components/schemas/NoSuchThing'",
    )
    expect(broken).not.toBe(original)
    await expect(generateTalentApiTypes(tempYaml(broken))).rejects.toThrow(/NoSuchThing|resolve/i)
  })

  it('say which file is missing', async () => {
    await expect(generateTalentApiTypes('/nonexistent/talent-v1.yaml')).rejects.toThrow(
      /Cannot read the OpenAPI document at \/nonexistent/,
    )
  })
})
