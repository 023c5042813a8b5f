/**
 * The read-back's check is the API's check object (resources/api/talent-v1.yaml, Check and CheckIssue)
 * once the read-back’s own additions (at_s, script_from, script_to, restart, confidence, certainty) are set aside: validated with Ajv
 * against the document itself, for real comparisons and for arbitrary text.
 */
import { readFileSync } from 'node:fs'
import Ajv2020 from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import fc from 'fast-check'
import { parse as parseYaml } from 'yaml'
import { describe, expect, it } from 'vitest'
import { compareToScript } from '../../../../main/readback/compare/compare'
import type { ReadbackCheck } from '../../../../shared/readback/types'

const doc = parseYaml(readFileSync(new URL('../../../../resources/api/talent-v1.yaml', import.meta.url), 'utf8')) as {
  components: { schemas: Record<string, unknown> }
}
const ajv = new Ajv2020({ allErrors: true, strict: false, allowUnionTypes: true })
addFormats(ajv)
for (const f of ['int32', 'int64']) ajv.addFormat(f, { type: 'number', validate: (n: number) => Number.isInteger(n) })
ajv.addSchema({
  $id: 'api',
  $defs: JSON.parse(
    JSON.stringify(doc.components.schemas).replaceAll('#/components/schemas/', 'api#/$defs/'),
  ) as unknown,
})
const validCheck = ajv.compile({ $ref: 'api#/$defs/Check' })

function asApiCheck(check: ReadbackCheck): unknown {
  return {
    ...check,
    issues: check.issues.map(
      ({ at_s: _a, script_from: _f, script_to: _t, restart: _r, confidence: _c, certainty: _k, ...rest }) => rest,
    ),
  }
}

function expectValid(check: ReadbackCheck): void {
  const ok = validCheck(asApiCheck(check))
  expect(validCheck.errors ?? [], JSON.stringify(check)).toEqual([])
  expect(ok).toBe(true)
}

const words = (text: string) =>
  text
    .split(/\s+/)
    .filter(Boolean)
    .map((word, i) => ({ word, start_s: i / 2, end_s: i / 2 + 0.4 }))

describe('the read-back check has the API’s check shape', () => {
  it('for matches, changes, skips, additions and nothing heard', () => {
    const script = 'This Saturday only, save 20% at Dream Street. Restrictions apply.'
    expectValid(
      compareToScript(script, words('this saturday only save twenty percent at dream street restrictions apply')),
    )
    expectValid(
      compareToScript(script, words('this sunday only save thirty percent at dream street we are open restrictions')),
    )
    expectValid(compareToScript(script, []))
    expectValid(compareToScript('', words('hello there')))
  })

  it('with at most 50 issues however far the take strays', () => {
    const script = Array.from({ length: 400 }, (_, i) => `word${i}`).join(' ')
    const check = compareToScript(
      script,
      words(Array.from({ length: 400 }, (_, i) => (i % 3 ? `word${i}` : `other${i}`)).join(' ')),
    )
    expect(check.issues).toHaveLength(50)
    expect(check.summary).toMatch(/smaller ones not listed|\(\d+ important\)/)
    expectValid(check)
  })

  it('for arbitrary script and heard text (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 120 }),
        fc.array(fc.string({ maxLength: 12 }), { maxLength: 30 }),
        (script, heard) => {
          expectValid(
            compareToScript(
              script,
              heard.map((word, i) => ({ word, start_s: i, end_s: i + 0.5 })),
            ),
          )
        },
      ),
    )
  })
})
