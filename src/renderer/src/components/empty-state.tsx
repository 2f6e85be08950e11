import type { ReactNode } from 'react';
import './empty-state.css';

export interface EmptyStateProps {
  /** One sentence, in the product's words (docs/product.md §2). */
  text: string;
  /** A drawing from components/empty-art, decorative (each one is aria-hidden). */
  illustration?: ReactNode;
  /** The one way on: a primary button or link that fills the list. */
  action?: ReactNode;
  /** Inside a small card (the dashboard's feeds): less room around it, no drawing. */
  compact?: boolean;
  /** On a card of its own, where the list has no table around it to draw one. */
  framed?: boolean;
}

/**
 * A list with nothing in it yet: a drawing in the brand's colours, one sentence and one primary
 * action. The text is the theme's secondary colour, set here rather than inherited: antd's table
 * draws its placeholder in its disabled grey, which fails AA contrast.
 */
export function EmptyState({ text, illustration, action, compact = false, framed = false }: EmptyStateProps) {
  const className = ['tb-empty', compact && 'tb-empty-compact', framed && 'tb-empty-framed'].filter(Boolean).join(' ');
  return (
    <div className={className}>
      {!compact && illustration}
      <p className="tb-empty-text">{text}</p>
      {action && <div className="tb-empty-action">{action}</div>}
    </div>
  );
}
