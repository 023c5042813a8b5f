/**
 * Demo mode said at the top of the window, at every size: one slim line over the workspace, so no one
 * takes the made-up jobs for real ones (the account panel below the fold says it too).
 */
import { useBooth } from '../store/use-booth'
import './demo-banner.css'

export function DemoBanner() {
  const demo = useBooth((s) => s.session?.mode === 'demo')
  if (!demo) return null
  return (
    <div className="demo-banner" role="status" data-testid="demo-banner">
      <strong>Demo mode</strong>
      <span className="demo-banner-text">
        {' '}
        · these jobs are made up by Booth&apos;s own sandbox; nothing you deliver reaches a producer.
      </span>
    </div>
  )
}
