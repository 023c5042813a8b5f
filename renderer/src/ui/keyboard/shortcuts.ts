/**
 * Every keyboard shortcut Booth has, in one list: the help overlay (`?`) shows it, and README's Keyboard
 * section says the same. Keys that do something are defined where they are handled; this list is what
 * the person reads, grouped by where the key works.
 */
import { VIEW_ENTRIES } from './views'

export interface Shortcut {
  keys: string[]
  does: string
}

export interface ShortcutGroup {
  title: string
  items: Shortcut[]
}

export function shortcutGroups(mac: boolean): ShortcutGroup[] {
  const mod = mac ? '⌘' : 'Ctrl+'
  return [
    {
      title: 'Recording (with a job open)',
      items: [
        {
          keys: ['Space'],
          does: 'Record, and stop — from anywhere except a text field or a dialog; while a take plays, pause it (never records over it)',
        },
        { keys: ['h'], does: 'Hear the last take (again: pause it)' },
        { keys: ['d'], does: 'Deliver this take — the one in focus, else the newest (asks first)' },
        { keys: ['l'], does: 'Change the label of the next take (main, alt, safety, pickup, tag)' },
        {
          keys: ['p'],
          does: 'Start or pause the prompter when it is set to the spot’s pace (it scrolls at that pace)',
        },
        {
          keys: ['i'],
          does: 'Punch in on the take that has focus, at its first sentence the read-back flagged; then Space starts and stops the punch, Esc cancels',
        },
      ],
    },
    {
      title: 'Reading',
      items: [
        { keys: ['\\'], does: 'Hide or show the sidebar and jobs list (below 1440 px wide, over the job)' },
        { keys: ['+', '−'], does: 'Bigger or smaller script text' },
        { keys: ['Esc'], does: 'Fold the jobs list laid over the job, else close the job (or clear the ticked jobs)' },
        { keys: ['?'], does: 'Show this list of shortcuts' },
      ],
    },
    {
      title: 'Jobs list',
      items: [
        { keys: ['j', 'k'], does: 'Next or previous job (arrow keys too, in the list)' },
        { keys: ['Home', 'End'], does: 'First or last job' },
        { keys: ['Enter'], does: 'Open the chosen job' },
        { keys: ['x'], does: 'Tick the job for a bulk action (Space too, while no job is open)' },
        { keys: ['Shift+x'], does: 'Tick every job from the last ticked one to this one' },
        { keys: ['/'], does: 'Search the jobs' },
      ],
    },
    {
      title: 'Moving around',
      items: VIEW_ENTRIES.map((e) => ({ keys: [`g ${e.letter}`, `${mod}${e.digit}`], does: `Go to ${e.label}` })),
    },
  ]
}
