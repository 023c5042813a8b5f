import { describe, expect, it } from 'vitest'
import { BADGE_SIZE, badgeBitmap, badgeText } from '../../../main/notifications/badge-bitmap'

const pixel = (buf: Buffer, x: number, y: number) =>
  Array.from(buf.subarray((y * BADGE_SIZE + x) * 4, (y * BADGE_SIZE + x) * 4 + 4))
const whiteCount = (buf: Buffer) => {
  let n = 0
  for (let i = 0; i < buf.length; i += 4)
    if (buf[i] === 255 && buf[i + 1] === 255 && buf[i + 2] === 255 && buf[i + 3] === 255) n++
  return n
}

describe('Windows taskbar badge bitmap', () => {
  it('says the count, and 9+ above nine', () => {
    expect(badgeText(0)).toBe('0')
    expect(badgeText(7)).toBe('7')
    expect(badgeText(10)).toBe('9+')
    expect(() => badgeText(-1)).toThrow(/whole number/)
    expect(() => badgeText(1.5)).toThrow(/whole number/)
  })

  it('draws nothing for zero, and a red disc with white glyphs otherwise, transparent in the corners', () => {
    expect(badgeBitmap(0)).toBeNull()
    const one = badgeBitmap(1)!
    expect(one.length).toBe(BADGE_SIZE * BADGE_SIZE * 4)
    expect(pixel(one, 0, 0)).toEqual([0, 0, 0, 0])
    expect(pixel(one, 2, 7)).toEqual([0x2b, 0x32, 0xd9, 255])
    expect(whiteCount(one)).toBeGreaterThan(5)
  })

  it('draws different counts differently', () => {
    const images = [1, 2, 3, 8, 12].map((n) => badgeBitmap(n)!.toString('hex'))
    expect(new Set(images).size).toBe(5)
    expect(whiteCount(badgeBitmap(8)!)).toBeGreaterThan(whiteCount(badgeBitmap(1)!))
  })
})
