/**
 * Keeps a process's text output within a fixed size: the first `headChars` characters (where ffmpeg
 * describes its input) and the last `tailChars` (where it prints summaries and the reason it failed).
 * Whatever falls between is dropped and counted, so a parser can tell that the middle is missing.
 */
export class BoundedText {
  private head = ''
  private tail = ''
  private droppedChars = 0

  constructor(
    private readonly headChars: number,
    private readonly tailChars: number,
  ) {
    if (!(headChars >= 0 && tailChars >= 0)) throw new RangeError('BoundedText limits must be zero or more characters.')
  }

  append(chunk: string): void {
    let rest = chunk
    if (this.head.length < this.headChars) {
      const room = this.headChars - this.head.length
      this.head += rest.slice(0, room)
      rest = rest.slice(room)
    }
    if (!rest) return
    this.tail += rest
    // Trim only when the tail has grown to twice its limit, so appends stay amortised O(length).
    if (this.tail.length > 2 * this.tailChars) this.trimTail()
  }

  private trimTail(): void {
    const excess = this.tail.length - this.tailChars
    if (excess > 0) {
      this.tail = this.tail.slice(excess)
      this.droppedChars += excess
    }
  }

  /** True when part of the output was dropped. */
  get truncated(): boolean {
    this.trimTail()
    return this.droppedChars > 0
  }

  get dropped(): number {
    this.trimTail()
    return this.droppedChars
  }

  toString(): string {
    this.trimTail()
    if (this.droppedChars === 0) return this.head + this.tail
    return `${this.head}\n[... ${this.droppedChars} characters of output dropped ...]\n${this.tail}`
  }
}
