/**
 * Tellbox's mark (the favicon's speech bubble) and name. The bubble takes the brand colour of the
 * scheme in use, so it stays visible on the dark console.
 */
export function BrandMark({ showName = true }: { showName?: boolean }) {
  return (
    <span className="tb-brand-mark">
      <svg viewBox="0 0 32 32" width="24" height="24" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M7 3h18a5 5 0 0 1 5 5v11a5 5 0 0 1-5 5H14.5L8 29.4c-.7.6-1.7.1-1.7-.8V24H7a5 5 0 0 1-5-5V8a5 5 0 0 1 5-5Z"
        />
        <g className="tb-brand-mark-dots">
          <circle cx="10" cy="13.5" r="2.2" />
          <circle cx="16" cy="13.5" r="2.2" />
          <circle cx="22" cy="13.5" r="2.2" />
        </g>
      </svg>
      {showName ? <span>Tellbox</span> : <span className="tb-visually-hidden">Tellbox</span>}
    </span>
  );
}
