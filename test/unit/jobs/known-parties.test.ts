import { describe, expect, it } from 'vitest'
import { KnownParties } from '../../../main/jobs/known-parties'
import type { JobSummary } from '../../../shared/bridge'

const job = (c: [string, string], v: [string, string]) =>
  ({ customer: { id: c[0], name: c[1] }, voice: { id: v[0], name: v[1] } }) as JobSummary

describe('customers and voices seen in job lists', () => {
  it('gathers each once, by id, sorted by name, the latest name winning; forgets on clear', () => {
    const parties = new KnownParties()
    parties.learn([job(['2', 'Northstar'], ['9', 'Promo']), job(['1', 'Brightline'], ['9', 'Promo'])])
    parties.learn([job(['2', 'Northstar Audio'], ['8', 'Natural read'])])
    expect(parties.snapshot()).toEqual({
      customers: [
        { id: '1', name: 'Brightline' },
        { id: '2', name: 'Northstar Audio' },
      ],
      voices: [
        { id: '8', name: 'Natural read' },
        { id: '9', name: 'Promo' },
      ],
    })
    parties.clear()
    expect(parties.snapshot()).toEqual({ customers: [], voices: [] })
  })
})
