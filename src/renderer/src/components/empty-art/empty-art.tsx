import type { ReactNode } from 'react';

/**
 * The frame of every empty-list drawing: a soft halo in the brand's tint behind a few strokes.
 * Decorative (the sentence beside it says it all), so hidden from screen readers; its colours are
 * classes of components/empty-state.css, which read the theme's variables.
 */
export function EmptyArt({ children }: { children: ReactNode }) {
  return (
    <svg className="tb-empty-art" viewBox="0 0 128 96" aria-hidden="true" focusable="false">
      <ellipse className="tb-art-halo" cx="64" cy="50" rx="58" ry="44" />
      {children}
    </svg>
  );
}
