/**
 * What is playing in the window: a take's waveform, the last take's player, a delivered take or an
 * attachment. Space asks here first (use-record-key.ts): while anything plays, Space pauses it and never
 * starts a recording over it — in a booth the playback would bleed into the microphone. Starting a
 * recording by any other means pauses it too. Players that are not in the page (wavesurfer's media
 * element) say when they play and stop; <audio> and <video> elements in the page are found as they are.
 */
const players = new Map<string, () => void>()

/** A player started: `pause` stops it. */
export function playbackStarted(id: string, pause: () => void): void {
  players.set(id, pause)
}

/** A player paused, finished or went away. */
export function playbackStopped(id: string): void {
  players.delete(id)
}

function playingElements(): HTMLMediaElement[] {
  if (typeof document === 'undefined') return []
  return Array.from(document.querySelectorAll<HTMLMediaElement>('audio, video')).filter((el) => !el.paused && !el.ended)
}

export function somethingPlays(): boolean {
  return players.size > 0 || playingElements().length > 0
}

/** Pauses everything that plays; true when something did. */
export function pauseAllPlayback(): boolean {
  const pauses = [...players.values()]
  players.clear()
  const elements = playingElements()
  for (const pause of pauses) pause()
  for (const el of elements) el.pause()
  return pauses.length + elements.length > 0
}
