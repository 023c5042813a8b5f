/**
 * Booth itself gone (the web host killed, crashed or hung; started again elsewhere): said at the top of
 * the window, over everything, where it is seen with a job open and the sidebar folded away. The sidebar's
 * status line keeps only its headline. Nothing while Booth answers.
 */
import { useBooth } from '../store/use-booth'
import { hostGoneText } from './ConnectivityStatus'
import './host-gone.css'

export function HostGoneBanner() {
  const host = useBooth((s) => s.host)
  const gone = hostGoneText(host)
  if (!gone) return null
  return (
    <div className="host-gone-banner" role="alert" data-testid="host-gone" data-host={host}>
      <strong>{gone.headline}.</strong> <span>{gone.detail}</span>
    </div>
  )
}
