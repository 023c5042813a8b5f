/** One benchmark's outcome: figures measured in one run, and the goal they are judged against. */
export interface BenchResult {
  name: string
  figures: Record<string, number | string>
  goal?: string
  pass?: boolean
}
