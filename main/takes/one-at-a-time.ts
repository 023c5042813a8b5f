/**
 * Jobs run one after another per key, in the order they were asked for; a job that fails does not stop the
 * ones after it. A job's take reads and writes (take-shelf.ts withJob), and a take's renders for delivery,
 * which all write one file: two at once raced on it (one renamed it away under the other, ENOENT), or an
 * older trim's render could land last.
 */
export class OneAtATime {
  private readonly last = new Map<string, Promise<unknown>>()

  run<T>(key: string, job: () => Promise<T>): Promise<T> {
    const prev = this.last.get(key) ?? Promise.resolve()
    const run = prev.catch(() => undefined).then(job)
    this.last.set(key, run)
    const done = () => {
      if (this.last.get(key) === run) this.last.delete(key)
    }
    run.then(done, done)
    return run
  }
}
