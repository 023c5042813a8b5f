/**
 * Sign out, or in demo mode "Leave the demo", after a confirmation that says what happens: the key and
 * the offline copies are removed (signed in), or Booth goes back to the sign-in screen (demo).
 */
import { useState } from 'react'
import { ConfirmDialog } from '../ui/ConfirmDialog'

export interface SignOutButtonProps {
  demo: boolean
  busy: boolean
  disabled?: boolean
  className: string
  signOut(): Promise<void> | void
}

export function SignOutButton({ demo, busy, disabled = false, className, signOut }: SignOutButtonProps) {
  const [asking, setAsking] = useState(false)
  const label = demo ? 'Leave the demo' : 'Sign out'
  return (
    <>
      <button type="button" className={className} onClick={() => setAsking(true)} disabled={busy || disabled}>
        {busy ? 'Signing out…' : label}
      </button>
      {asking && (
        <ConfirmDialog
          title={demo ? 'Leave the demo?' : 'Sign out of Booth?'}
          consequence={
            demo
              ? 'Booth closes the demo and goes back to the sign-in screen, where you can sign in with your own API key.'
              : 'Booth removes your API key from this computer’s keychain and clears its offline copies of jobs and scripts.'
          }
          notifies={null}
          confirmLabel={label}
          tone="danger"
          onConfirm={() => {
            setAsking(false)
            void signOut()
          }}
          onCancel={() => setAsking(false)}
        />
      )}
    </>
  )
}
