/**
 * What the talent reads when a read-back did not finish. Its speech engine's process may die at any
 * moment (killed, crashed, out of memory): the read-back is then "not finished", in plain words, with the
 * take kept and a new check one press away — never the process's exit status or its last log line, which
 * go to the log. A failure already worded for a person (Booth quitting, a disk problem) keeps its words.
 */
const ENGINE_DIED = /^(pocketsphinx|sherpa-onnx)\b.*\b(stopped|could not be started|crashed|exited)\b/i
/** Node's system errors ("ENOENT: no such file…", "EACCES: …"): an engineer's words. */
const SYSTEM_ERROR = /^E[A-Z]{2,}\b/

export const READBACK_NOT_FINISHED =
  'The read-back did not finish: its speech engine stopped before the end. The take is kept; check it again to listen once more.'

export function readbackFailureSentence(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err)
  if (ENGINE_DIED.test(message)) return READBACK_NOT_FINISHED
  const code = (err as { code?: unknown } | null)?.code
  if (SYSTEM_ERROR.test(message) || (typeof code === 'string' && SYSTEM_ERROR.test(code))) {
    return 'The read-back did not finish: Booth could not read or write a file it needs. The take is kept; check it again to listen once more.'
  }
  return message || READBACK_NOT_FINISHED
}
