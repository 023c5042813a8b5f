/**
 * Single keys of reading mode, as a pure function (tested without a DOM): `?` shows the shortcuts, `\`
 * hides or shows the sidebar and list, `+`/`=` and `-` change the script size, `l` changes the next
 * take's label, `p` starts or pauses the prompter. None fires while typing, with Ctrl/Cmd/Alt held, or
 * while a dialog is open; the last four only with a job open.
 */
export type ReadingCommand = 'help' | 'toggle-list' | 'bigger' | 'smaller' | 'next-label' | 'prompter' | null

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
    default:
      return null
  }
}
