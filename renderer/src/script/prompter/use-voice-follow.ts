/**
 * The prompter that follows the voice, on the page: while a take of this job records with the prompter
 * set to follow the voice, the line main says is being read is highlighted, the word last heard is
 * underlined, and the script area scrolls that word to the reading marker. The highlight goes when the
 * take stops. A position for another job, or for a script text of another length (the script changed
 * since the take began), is not drawn.
 */
import { useEffect, type RefObject } from 'react'
import type { FollowPosition } from '../../../../shared/bridge-prompter'
import { followMarks, rangesFor } from './follow-highlight'
import { scrollToMarker } from './follow-scroll'
import { usePrompterState } from './prompter-store'

export interface VoiceFollowView {
  /** The take of this job being followed now, or null. */
  active: FollowPosition | null
}

function reducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
}

export function useVoiceFollow(
  readRef: RefObject<HTMLElement | null>,
  jobId: string,
  scriptText: string,
  scrollAllowed: boolean,
): VoiceFollowView {
  const follow = usePrompterState((s) => s.follow)
  const mine = follow && follow.jobId === jobId && follow.scriptLength === scriptText.length ? follow : null
  const active = mine && mine.status !== 'stopped' ? mine : null

  useEffect(() => {
    const root = readRef.current
    const area = root?.closest<HTMLElement>('.reading-script') ?? null
    if (!root || !active) return
    area?.classList.add('is-following')
    if (active.status !== 'following') return () => area?.classList.remove('is-following')
    const marks = followMarks(root)
    const draw = (scroll: boolean) => {
      const ranges = rangesFor(root, scriptText, { line: active.line, word: active.word })
      marks.draw(ranges)
      const box = ranges.word?.getBoundingClientRect() ?? ranges.line?.getBoundingClientRect()
      if (!area || !box || !scroll) return
      const top = scrollToMarker({
        scrollTop: area.scrollTop,
        scrollHeight: area.scrollHeight,
        clientHeight: area.clientHeight,
        areaTop: area.getBoundingClientRect().top,
        wordTop: box.top,
        wordHeight: box.height,
      })
      if (Math.abs(top - area.scrollTop) >= 2) area.scrollTo({ top, behavior: reducedMotion() ? 'auto' : 'smooth' })
    }
    draw(scrollAllowed)
    // The script shown again (a refresh, marks laid on it): the highlight's ranges would point at text
    // that is gone. Its own layer's changes are not the script's.
    const redraw = new MutationObserver((changes) => {
      if (changes.some((c) => !marks.owns(c.target))) draw(false)
    })
    redraw.observe(root, { childList: true, subtree: true, characterData: true })
    // The script laid out again (its size, the window's width): the boxes follow the words.
    const resized = new ResizeObserver(() => draw(false))
    resized.observe(root)
    return () => {
      redraw.disconnect()
      resized.disconnect()
      marks.remove()
      area?.classList.remove('is-following')
    }
  }, [active, readRef, scriptText, scrollAllowed])

  return { active }
}
