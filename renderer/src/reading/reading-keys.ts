/**
 * Single keys of reading mode, as a pure function (tested without a DOM): `?` shows the shortcuts, `\`
 * hides or shows the sidebar and list, `+`/`=` and `-` change the script size, `l` changes the next
 * take's label, `p` starts or pauses the prompter, `h` plays (or pauses) the last take, `d` delivers this
 * take (asking first, as the Deliver button does). None fires while typing, with Ctrl/Cmd/Alt held, or
 * while a dialog is open; all but `?` only with a job open.
 */
export type ReadingCommand =
  'help' | 'toggle-list' | 'bigger' | 'smaller' | 'next-label' | 'prompter' | 'play-last' | 'deliver' | null

export interface ReadingKeyInput {
  key: string
  typing: boolean
  dialogOpen: boolean
  jobOpen: boolean
  ctrl: boolean
  meta: boolean
  alt: boolean
}

export function readingCommand(input: ReadingKeyInput): ReadingCommand {
  if (input.typing || input.dialogOpen || input.ctrl || input.meta || input.alt) return null
  if (input.key === '?') return 'help'
  if (!input.jobOpen) return null
  switch (input.key) {
    case '\\':
      return 'toggle-list'
    case '+':
    case '=':
      return 'bigger'
    case '-':
      return 'smaller'
    case 'l':
    case 'L':
      return 'next-label'
    case 'p':
    case 'P':
      return 'prompter'
    case 'h':
    case 'H':
      return 'play-last'
    case 'd':
    case 'D':
      return 'deliver'
    default:
      return null
  }
}
