/** The Settings card's list of audio inputs: only inputs, the recorder's fallback names, readable errors. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { inputListError, listAudioInputs } from '../../../../renderer/src/account/audio-inputs'
import { listInputs } from '../../../../renderer/src/takes/recorder/pcm-capture'

// enumerateDevices needs a browser with media devices; a fake list stands in for the system's devices.
const device = (kind: MediaDeviceKind, deviceId: string, label = ''): MediaDeviceInfo => ({
  kind,
  deviceId,
  label,
  groupId: `group-${deviceId}`,
  toJSON: () => ({ kind, deviceId, label }),
})
const devicesOf = (list: MediaDeviceInfo[]) => ({ enumerateDevices: () => Promise.resolve(list) })

describe('listing audio inputs', () => {
  it('keeps only inputs, in the system’s order, with their ids and names', async () => {
    const list = [
      device('videoinput', 'cam', 'FaceTime HD Camera'),
      device('audioinput', 'default', 'Default - Shure MV7'),
      device('audiooutput', 'speakers', 'MacBook Speakers'),
      device('audioinput', 'usb-1', 'Shure MV7'),
    ]
    expect(await listAudioInputs(devicesOf(list))).toEqual([
      { deviceId: 'default', label: 'Default - Shure MV7' },
      { deviceId: 'usb-1', label: 'Shure MV7' },
    ])
  })

  it('numbers inputs without names (before microphone access) among the inputs only', async () => {
    const list = [
      device('audiooutput', 'out-1'),
      device('audioinput', 'a'),
      device('videoinput', 'cam'),
      device('audioinput', 'b', 'Scarlett 2i2'),
      device('audioinput', 'c'),
    ]
    expect(await listAudioInputs(devicesOf(list))).toEqual([
      { deviceId: 'a', label: 'Input 1' },
      { deviceId: 'b', label: 'Scarlett 2i2' },
      { deviceId: 'c', label: 'Input 3' },
    ])
  })

  it('is empty when there is no input', async () => {
    expect(await listAudioInputs(devicesOf([]))).toEqual([])
    expect(await listAudioInputs(devicesOf([device('audiooutput', 'out')]))).toEqual([])
  })

  it('passes on a refusal, which reads as a request to allow microphone access', async () => {
    const refused = Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' })
    const failing = listAudioInputs({ enumerateDevices: () => Promise.reject(refused) })
    await expect(failing).rejects.toBe(refused)
    expect(inputListError(refused)).toMatch(/Allow microphone access in the system settings/)
  })
})

describe('the same list as the recorder', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('gives the ids and names the recorder finds, so a choice made in Settings is found when recording', async () => {
    const list = [
      device('audioinput', 'a'),
      device('audiooutput', 'out', 'Speakers'),
      device('audioinput', 'b', 'Scarlett 2i2'),
      device('audioinput', 'c'),
    ]
    vi.stubGlobal('navigator', { mediaDevices: devicesOf(list) })
    const settings = await listAudioInputs()
    expect(settings.map((i) => i.label)).toEqual(['Input 1', 'Scarlett 2i2', 'Input 3'])
    expect(await listInputs()).toEqual(settings)
  })
})

describe('audio input errors', () => {
  it('asks for microphone access when it was refused or blocked', () => {
    for (const name of ['NotAllowedError', 'SecurityError']) {
      expect(inputListError({ name })).toBe(
        'Booth may not look at the audio inputs. Allow microphone access in the system settings, then choose Look again.',
      )
    }
  })

  it('asks to connect the input again for anything else, including non-errors', () => {
    const again = 'Booth could not list the audio inputs. Connect the input again, then choose Look again.'
    expect(inputListError({ name: 'NotReadableError' })).toBe(again)
    expect(inputListError(new TypeError('x'))).toBe(again)
    expect(inputListError(null)).toBe(again)
    expect(inputListError(undefined)).toBe(again)
    expect(inputListError('broken')).toBe(again)
  })
})
