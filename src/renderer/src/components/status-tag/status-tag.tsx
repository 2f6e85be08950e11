import type { CSSProperties, ReactNode } from 'react';
import type { ColorTokens } from '../../../../shared/design-tokens';
import './status-tag.css';

/**
 * What a tag says, which picks its colours: `brand` marks what Tellbox recommends (Most Popular),
 * `success` a good or current state (Your Plan, Published), `danger` an ending one (Cancelled),
 * `warning` one that needs attention, `neutral` a quiet one (Draft).
 */
export type StatusTagTone = 'brand' | 'success' | 'danger' | 'warning' | 'neutral';

/**
 * Each tone's text on its background: pairs of design tokens that reach AA (4.5:1) in both
 * schemes (status-tag.test.tsx measures them). antd's preset tag colours do not (green 3.4:1,
 * gold 2.8:1).
 */
export const STATUS_TAG_COLORS: Record<StatusTagTone, { text: keyof ColorTokens; background: keyof ColorTokens }> = {
  brand: { text: 'primary', background: 'primaryBg' },
  success: { text: 'success', background: 'successBg' },
  danger: { text: 'danger', background: 'dangerBg' },
  warning: { text: 'warning', background: 'warningBg' },
  neutral: { text: 'text', background: 'surfaceMuted' },
};

/** `primaryBg` → `var(--tb-color-primary-bg)`: the custom property the token is served as. */
const tokenVar = (token: keyof ColorTokens) =>
  `var(--tb-color-${token.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)})`;

/**
 * A small label beside a title or in a table cell, in the scheme's colours (they follow the dark
 * console). Plain markup, so the public pages can use it without antd.
 */
export function StatusTag({ tone, children }: { tone: StatusTagTone; children: ReactNode }) {
  const { text, background } = STATUS_TAG_COLORS[tone];
  const style: CSSProperties = { color: tokenVar(text), backgroundColor: tokenVar(background) };
  return (
    <span className="tb-status-tag" style={style}>
      {children}
    </span>
  );
}
