/** What the split view's right side says while no entry is open. */
export const NO_ENTRY_SELECTED = 'Select feedback to read it';

/**
 * The right side of the split view with nothing open: a quiet drawing of a message, the sentence,
 * and the keys that open one. Drawn in the text's colours, so it sits as calmly in the dark theme.
 */
export function NoEntrySelected() {
  return (
    <div className="tb-entry tb-entry-none">
      <svg className="tb-entry-none-art" viewBox="0 0 96 72" width="96" height="72" aria-hidden focusable="false">
        <rect x="8" y="10" width="72" height="46" rx="10" fill="currentColor" opacity=".08" />
        <rect x="8" y="10" width="72" height="46" rx="10" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M24 56v12l14-12" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        <path d="M22 26h44M22 36h30" stroke="currentColor" strokeWidth="3" strokeLinecap="round" opacity=".5" />
        <circle cx="82" cy="14" r="8" fill="var(--tb-color-primary)" />
      </svg>
      <p className="tb-entry-none-title">{NO_ENTRY_SELECTED}</p>
      <p className="tb-entry-none-hint">
        Or press <kbd>j</kbd> to open the newest, then <kbd>j</kbd> and <kbd>k</kbd> to go through the list.
      </p>
    </div>
  );
}
