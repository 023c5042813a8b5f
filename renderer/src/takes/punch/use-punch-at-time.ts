/**
 * A moment of a take (the waveform's cursor, a double-click on it) as a punch request: the sentence read
 * there, or the next one in a pause (punch-targets.ts), asked of the recorder through punch-request.ts.
 */
import { useCallback } from 'react'
import { useBridge } from '../../bridge/BridgeProvider'
import { requestPunch } from '../versions/punch-request'
import { sentenceAtTime } from './punch-targets'

export function usePunchAtTime(takeId: string): (atS: number) => Promise<void> {
  const api = useBridge()
  return useCallback(
    async (atS: number) => {
      const { sentences } = await api.listTakeSentences({ takeId })
      const n = sentenceAtTime(atS, sentences)
      if (n === null)
        throw new Error('The take reads no sentence of the script from there on, so there is nothing to punch into.')
      requestPunch(takeId, n)
    },
    [api, takeId],
  )
}
