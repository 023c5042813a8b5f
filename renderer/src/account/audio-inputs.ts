/**
 * The audio inputs for the Settings card, listed the same way the recorder lists them (same ids and
 * fallback names, so a choice made here is the one the recorder finds), without loading the recorder.
 */
import type { AudioInput } from '../takes/recorder/pcm-capture'

export async function listAudioInputs(
  devices: Pick<MediaDevices, 'enumerateDevices'> = navigator.mediaDevices,
): Promise<AudioInput[]> {
  const all = await devices.enumerateDevices()
  return all
    .filter((d) => d.kind === 'audioinput')
    .map((d, i) => ({ deviceId: d.deviceId, label: d.label || `Input ${i + 1}` }))
}

export function inputListError(err: unknown): string {
  const name = (err as { name?: string } | null)?.name
  // Said on Settings itself, so the way back is the card's own button, never "open Settings".
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return 'Booth may not look at the audio inputs. Allow microphone access in the system settings, then choose Look again.'
  return 'Booth could not list the audio inputs. Connect the input again, then choose Look again.'
}
