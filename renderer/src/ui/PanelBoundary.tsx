/**
 * One error boundary for every panel (script, recorder, takes, job list, job view, account pages): when
 * something inside a panel throws while rendering, that panel alone shows what failed and a "Reload this
 * panel" button, the failure is logged, and the rest of Booth keeps working. Reload mounts the panel's
 * contents afresh; so does a change of `resetKey` (another job opened, another page chosen).
 *
 * Logging: the bridge has no log call, so the failure goes to console.error, which the desktop shell
 * keeps in its log and the web host's browser shows in its console.
 */
import { Component, Fragment, type ErrorInfo, type ReactNode } from 'react'
import { displayText } from '../../../shared/display-text'

interface Props {
  /** What the panel is, as the person knows it: "script", "takes", "job list"… */
  name: string
  /** When this changes, a failed panel tries again by itself. */
  resetKey?: string | number | null
  /** Class of the box shown in place of the failed panel (so it takes the panel's place in the layout). */
  className?: string
  children: ReactNode
}

interface State {
  error: Error | null
  attempt: number
}

/** The failure as a short sentence; any thrown value, hostile text included, is shown as text. */
export function failureText(error: unknown): string {
  const raw =
    error instanceof Error ? error.message : typeof error === 'string' ? error : 'An unexpected value was thrown.'
  const text = displayText(raw).trim() || 'No reason was given.'
  return text.length > 500 ? `${text.slice(0, 500)}…` : text
}

export class PanelBoundary extends Component<Props, State> {
  override state: State = { error: null, attempt: 0 }

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(failureText(error)) }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`Booth: the ${this.props.name} panel failed: ${failureText(error)}`, error, info.componentStack ?? '')
  }

  override componentDidUpdate(prev: Props): void {
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.reload()
  }

  reload = (): void => {
    this.setState((s) => ({ error: null, attempt: s.attempt + 1 }))
  }

  override render(): ReactNode {
    const { error, attempt } = this.state
    if (!error) return <Fragment key={attempt}>{this.props.children}</Fragment>
    const name = this.props.name
    return (
      <section
        className={`panel-failed notice notice-danger${this.props.className ? ` ${this.props.className}` : ''}`}
        role="alert"
        aria-label={`The ${name} panel failed`}
      >
        <p className="notice-title">The {name} panel could not be shown.</p>
        <p className="small long-text">{failureText(error)}</p>
        <p className="muted small">
          The rest of Booth still works. Reloading the panel tries again with what Booth has now.
        </p>
        <button type="button" className="btn btn-small" onClick={this.reload}>
          Reload this panel
        </button>
      </section>
    )
  }
}
