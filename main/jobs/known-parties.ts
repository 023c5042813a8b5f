/**
 * The customers and voices Booth has seen in job lists. The API has no list of them, yet the job list
 * filters by customer_id and voice_id, so these are the filters' choices: gathered from every answer
 * (the minute-by-minute poll brings every pending job's) and kept for the session.
 */
import type { JobSummary, NamedRef } from '../../shared/bridge'

export class KnownParties {
  private readonly customers = new Map<string, string>()
  private readonly voices = new Map<string, string>()

  learn(items: readonly JobSummary[]): void {
    for (const job of items) {
      this.customers.set(job.customer.id, job.customer.name)
      this.voices.set(job.voice.id, job.voice.name)
    }
  }

  snapshot(): { customers: NamedRef[]; voices: NamedRef[] } {
    return { customers: sorted(this.customers), voices: sorted(this.voices) }
  }

  clear(): void {
    this.customers.clear()
    this.voices.clear()
  }
}

function sorted(map: Map<string, string>): NamedRef[] {
  return [...map]
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
}
