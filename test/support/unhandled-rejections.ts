/**
 * Rejections nothing handled while each test of the file runs (Node would end main on each one): the
 * returned list is emptied before every test and filled while it runs.
 */
import { afterEach, beforeEach } from 'vitest'

export function watchUnhandledRejections(): unknown[] {
  const unhandled: unknown[] = []
  const collect = (reason: unknown) => void unhandled.push(reason)
  beforeEach(() => {
    unhandled.length = 0
    process.on('unhandledRejection', collect)
  })
  afterEach(() => {
    process.off('unhandledRejection', collect)
  })
  return unhandled
}
