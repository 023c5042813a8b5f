/** "Check level": the input meter runs without recording (use-level-check.ts); pressed again, it stops. */
export function LevelCheckButton({
  checking,
  disabled,
  onToggle,
}: {
  checking: boolean
  disabled: boolean
  onToggle(): void
}) {
  return (
    <button
      type="button"
      className="btn btn-quiet btn-small rec-level-check"
      aria-pressed={checking}
      disabled={disabled}
      title={
        checking ? 'Stop the level check and let the microphone go' : 'Watch the input meter without recording anything'
      }
      onClick={onToggle}
    >
      Check level
    </button>
  )
}
