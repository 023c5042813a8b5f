/** The job's timeline names takes as Booth does (issue 41): `…_main_03`, never the service's "main take 2". */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { timelineWords } from '../../../../renderer/src/jobs/view/timeline-words'

const deliveries = [
  { delivery_id: 'd1', take_label: 'main', take_number: 1, file_name: 'MILL-0042_main_01.wav' },
  { delivery_id: 'd2', take_label: 'main', take_number: 2, file_name: 'MILL-0042_main_03.wav' },
  { delivery_id: 'd3', take_label: 'alt', take_number: 1, file_name: 'Orchard alt take 1.wav' },
]
const takes = [
  { file_name: 'MILL-0042_main_03.wav', take_number: 3, delivery: { delivery_id: 'd2' } },
  { file_name: 'MILL-0042_main_01.wav', take_number: 1, delivery: { delivery_id: 'd1' } },
  { file_name: 'MILL-0042_alt_02.wav', take_number: 2, delivery: { delivery_id: null } },
]

describe('timeline words', () => {
  it('names the delivery the service counts as "main take 2" by the Booth take that made it', () => {
    expect(timelineWords('Dana Reyes approved main take 2', deliveries, takes)).toBe(
      'Dana Reyes approved MILL-0042_main_03',
    )
    expect(timelineWords('Changes requested by Dana Reyes on main take 1', deliveries, takes)).toBe(
      'Changes requested by Dana Reyes on MILL-0042_main_01',
    )
    expect(timelineWords('Delivered main take 2: second read, warmer', deliveries, takes)).toBe(
      'Delivered MILL-0042_main_03: second read, warmer',
    )
  })

  it('a delivery Booth did not make is named by its file; words that name no delivery stay as written', () => {
    expect(timelineWords('Dana approved alt take 1', deliveries, takes)).toBe('Dana approved Orchard alt take 1')
    expect(timelineWords('Delivered main take 7', deliveries, takes)).toBe('Delivered main take 7')
    expect(timelineWords('Dana changed the script (revision 12)', deliveries, takes)).toBe(
      'Dana changed the script (revision 12)',
    )
  })

  it("any text without a delivery's words comes back unchanged", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        fc.pre(!/\b(main|alt|safety|pickup|tag) take \d/.test(text))
        expect(timelineWords(text, deliveries, takes)).toBe(text)
      }),
    )
  })
})
