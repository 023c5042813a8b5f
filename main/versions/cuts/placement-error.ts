/** Why a patch cannot go in, or a removed line cannot be cut out, naming the sentence; nothing is written. */
export class PlacementError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PlacementError'
  }
}
