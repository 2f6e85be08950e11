/**
 * The way into the command palette, always in the owner's top bar: a Search button showing its
 * shortcut, and the shortcut itself (Ctrl-K, ⌘-K on a Mac) anywhere in the console. Only this
 * stays in the console's first load; the palette's own code is fetched on the first open.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import './palette-trigger.css';

const CommandPalette = lazy(() => import('./command-palette'));

const MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** Ctrl-K, or ⌘-K on a Mac, with no other modifier. */
function isPaletteKey(event: KeyboardEvent): boolean {
  const modifier = MAC ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
  return modifier && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';
}

export function PaletteTrigger() {
  const [open, setOpen] = useState(false);
  // Loaded once asked for, then kept: a second open is instant.
  const [wanted, setWanted] = useState(false);
  const show = () => {
    setWanted(true);
    setOpen(true);
  };

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isPaletteKey(event)) return;
      // The browser's own Ctrl-K (its search bar) would take the focus away.
      event.preventDefault();
      setWanted(true);
      setOpen((was) => !was);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      <button
        type="button"
        className="tb-palette-trigger"
        aria-keyshortcuts={MAC ? 'Meta+K' : 'Control+K'}
        aria-haspopup="dialog"
        onClick={show}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="10.5" cy="10.5" r="6.5" />
          <path d="M15.5 15.5 20 20" />
        </svg>
        <span className="tb-palette-trigger-label">Search</span>
        <kbd aria-hidden="true">{MAC ? '⌘K' : 'Ctrl K'}</kbd>
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <CommandPalette open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
