/** The "Changes requested" notice follows the job (issue 41): approval clears it; a delivery since answers it. */
import { describe, expect, it } from 'vitest'
import { changesRequestState } from '../../../../renderer/src/jobs/view/changes-request-state'

const AT = 1_765_000_000_000
const request = { note: 'Slower on the phone number.', at: AT, by: 'Dana Reyes', needed_by: '2026-12-08' }
const delivery = (status: string, created_at: number, updated_at = created_at) => ({ status, created_at, updated_at })

describe('changes request state', () => {
  it('is open while the job waits for the changes', () => {
    expect(
      changesRequestState({
        status: 'pending',
        stage: 'changes_requested',
        changes_request: request,
        deliveries_detail: [delivery('changes_requested', AT - 5000, AT)],
      }),
    ).toBe('open')
  })

  it('is closed once the producer approved, whatever the service kept of the request', () => {
    // The sandbox's producer: the job completed and approved, the old request still on it.
    expect(
      changesRequestState({
        status: 'completed',
        stage: 'approved',
        changes_request: request,
        deliveries_detail: [delivery('changes_requested', AT - 5000, AT), delivery('approved', AT + 1000, AT + 9000)],
      }),
    ).toBe('closed')
    // A service that leaves the job pending but approved a delivery after the request.
    expect(
      changesRequestState({
        status: 'pending',
        stage: 'delivered',
        changes_request: request,
        deliveries_detail: [delivery('approved', AT + 1000, AT + 9000)],
      }),
    ).toBe('closed')
    expect(
      changesRequestState({ status: 'pending', stage: 'accepted', changes_request: null, deliveries_detail: [] }),
    ).toBe('closed')
  })

  it('is answered once a take was delivered after it and the producer has not spoken yet', () => {
    expect(
      changesRequestState({
        status: 'pending',
        stage: 'delivered',
        changes_request: request,
        deliveries_detail: [delivery('changes_requested', AT - 5000, AT), delivery('delivered', AT + 1000)],
      }),
    ).toBe('answered')
  })

  it('an approval from before the request does not close it', () => {
    expect(
      changesRequestState({
        status: 'pending',
        stage: 'changes_requested',
        changes_request: request,
        deliveries_detail: [delivery('approved', AT - 9000, AT - 8000)],
      }),
    ).toBe('open')
  })
})
