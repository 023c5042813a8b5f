/**
 * Numbers that arrive one by one (a take's blocks, windows, stretches as it streams in) and are asked for
 * in order now and then: kept in arrival order, and the older part also sorted, so that sorting all of
 * them is a short sort of the newest and one merge, not a sort of the whole take. Pure.
 */

/** An append-only list of numbers that grows as the take streams in. */
export class Series {
  data: Float64Array = new Float64Array(1024)
  length = 0

  push(x: number): void {
    if (this.length === this.data.length) {
      const grown = new Float64Array(this.data.length * 2)
      grown.set(this.data)
      this.data = grown
    }
    this.data[this.length++] = x
  }

  at(i: number): number {
    return this.data[i] as number
  }
}

/** Sorted typed arrays a and b merged into one sorted array. */
function merged(a: Float64Array, b: Float64Array): Float64Array {
  const out = new Float64Array(a.length + b.length)
  let i = 0
  let j = 0
  let k = 0
  while (i < a.length && j < b.length)
    out[k++] = (a[i] as number) <= (b[j] as number) ? (a[i++] as number) : (b[j++] as number)
  while (i < a.length) out[k++] = a[i++] as number
  while (j < b.length) out[k++] = b[j++] as number
  return out
}

export class SortedRuns {
  /** Every value, in the order it came. */
  readonly values = new Series()
  /** The first `sorted.length` values, sorted. */
  private sorted: Float64Array = new Float64Array(0)

  /** Adds a value; `settle`: sort the newer values into the older ones once they are a quarter of them. */
  push(x: number, settle = true): void {
    this.values.push(x)
    const newer = this.values.length - this.sorted.length
    if (settle && newer >= Math.max(64, this.sorted.length / 4)) this.sorted = this.all()
  }

  /** Keeps only the values `keep` says to (by position), in their order; the sorted part is made again later. */
  keepWhere(keep: (i: number) => boolean): void {
    const { values } = this
    let k = 0
    for (let i = 0; i < values.length; i++) if (keep(i)) values.data[k++] = values.at(i)
    values.length = k
    this.sorted = new Float64Array(0)
  }

  /** Takes back the values added after the first `length` (added without settling). */
  truncate(length: number): void {
    this.values.length = length
    if (this.sorted.length > length) this.sorted = new Float64Array(0)
  }

  /** All values sorted (as a typed array's sort orders them), with `extra` among them. */
  all(extra: readonly number[] = []): Float64Array {
    const settled = this.sorted.length
    const newer = new Float64Array(this.values.length - settled + extra.length)
    newer.set(this.values.data.subarray(settled, this.values.length))
    newer.set(extra, this.values.length - settled)
    return merged(this.sorted, newer.sort())
  }
}
