import { useCallback, useEffect, useRef, useState } from 'react';
import { useToast } from './use-toast';

/** docs/product.md §9: the copy toast stays 3000 ms; the button's "Copied" state resets after 2000 ms. */
const COPY_TOAST_MS = 3000;
const COPIED_RESET_MS = 2000;

/**
 * Copies text to the clipboard with the "Copied to clipboard" toast (docs/product.md §8), and
 * reports `copied` for 2 seconds so the button can say so.
 */
export function useCopy() {
  const toast = useToast();
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = useCallback(
    async (text: string) => {
      try {
        await navigator.clipboard.writeText(text);
      } catch {
        toast.error('Copy failed', 'Select the text and copy it by hand.');
        return;
      }
      toast.success('Copied to clipboard', undefined, { durationMs: COPY_TOAST_MS });
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), COPIED_RESET_MS);
    },
    [toast],
  );

  return { copied, copy };
}
