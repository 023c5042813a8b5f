/** The jobs list, folded: three lines with a dot each (an inline SVG in the text colour). */
export function ListIcon({ size = 18 }: { size?: number }) {
  return (
    <svg
      className="icon icon-list"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M9 6h12M9 12h12M9 18h12" />
      <path d="M4 6h.01M4 12h.01M4 18h.01" strokeWidth="3" />
    </svg>
  )
}
