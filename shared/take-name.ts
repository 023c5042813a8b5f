/**
 * A take's one name, the same from recording to delivery, in the takes list and in every sentence that
 * speaks of it: its file name without the extension, which is the name the producer receives (e.g.
 * `MILL-0042_main_03`). An odd file name is shown as it is; an empty one falls back to "Take 3".
 * Main's messages and the window's words both use it, so no message says "take 1" beside `…_main_01`.
 */
export function takeName(take: { file_name: string; take_number: number }): string {
  const name = take.file_name.replace(/\.[A-Za-z0-9]{1,5}$/, '')
  return name.trim() === '' ? `Take ${take.take_number}` : name
}
