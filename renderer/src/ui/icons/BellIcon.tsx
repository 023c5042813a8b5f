/**
 * The notification bell, drawn by Booth (an inline SVG in the text colour), so it shows the same on
 * every system: an emoji bell is an empty box where no emoji font is installed.
 */
export function BellIcon({ size = 18 }: { size?: number }) {
  return (
    <svg
      className="icon icon-bell"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M12 3.5v1.2M6.5 16.5v-5a5.5 5.5 0 0 1 11 0v5l1.8 1.8H4.7z" />
      <path d="M10 20.5a2 2 0 0 0 4 0" />
    </svg>
  )
}
