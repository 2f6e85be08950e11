import { useCallback, useEffect, useRef, useState } from 'react';

/** How long typing may pause before what was typed is searched for. */
export const DRAFT_DELAY_MS = 300;

/**
 * A field's text as the owner types it, handed to `commit` (trimmed) once they pause for
 * `delayMs`, or at once through `flush` (Enter, the clear button). When `value` changes from
 * elsewhere (Back, Clear filters), the field shows it.
 */
export function useDraft(value: string, commit: (value: string) => void, delayMs = DRAFT_DELAY_MS) {
  const [draft, setDraft] = useState(value);
  /** What the owner's last commit (or the latest outside change) made the value. */
  const committed = useRef(value);
  const latestCommit = useRef(commit);
  useEffect(() => {
    latestCommit.current = commit;
  });

  useEffect(() => {
    if (value === committed.current) return;
    committed.current = value;
    setDraft(value);
  }, [value]);

  const flush = useCallback((text: string) => {
    const next = text.trim();
    if (next === committed.current) return;
    committed.current = next;
    latestCommit.current(next);
  }, []);

  useEffect(() => {
    if (draft.trim() === committed.current) return;
    const timer = setTimeout(() => flush(draft), delayMs);
    return () => clearTimeout(timer);
  }, [draft, delayMs, flush]);

  /** Shows `text` and commits it now. */
  const replace = useCallback(
    (text: string) => {
      setDraft(text);
      flush(text);
    },
    [flush],
  );

  return { draft, setDraft, flush: () => flush(draft), replace };
}
