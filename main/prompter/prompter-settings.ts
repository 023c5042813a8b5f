/**
 * How the prompter moves, per computer, in `<dataFolder>/readback/prompter.json`: it follows the voice
 * while recording (the default), scrolls at the spot's pace when started (`p`), or stays still.
 */
import { join } from 'node:path'
import { JsonSettingsFile } from '../storage/json-settings-file'
import { PROMPTER_MODES, type PrompterMode } from '../../shared/bridge-prompter'

export interface PrompterSettings {
  mode: PrompterMode
}

const DEFAULTS: PrompterSettings = { mode: 'voice' }

function validate(value: unknown): PrompterSettings {
  if (typeof value !== 'object' || value === null) throw new Error('the prompter settings must be an object')
  const mode = (value as Record<string, unknown>)['mode']
  return { mode: PROMPTER_MODES.includes(mode as PrompterMode) ? (mode as PrompterMode) : DEFAULTS.mode }
}

export class PrompterSettingsFile extends JsonSettingsFile<PrompterSettings> {
  constructor(dir: string, warn: (message: string) => void = () => {}) {
    super({
      path: join(dir, 'prompter.json'),
      defaults: DEFAULTS,
      validate,
      about: { what: "The prompter's setting", reset: 'The prompter follows the voice again.' },
      resetMessage: (reason) => `The prompter settings could not be read and were reset: ${reason}`,
      warn,
    })
  }
}
