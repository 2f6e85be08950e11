/**
 * The host element and the theme. `:host` rules marked `!important` win over the page's own
 * `!important` rules (the shadow tree's important declarations come last in the cascade), and
 * `all: initial` stops the page's inherited fonts and colours at the shadow boundary.
 */
import { Z_INDEX } from '../constants';

/** The host and the theme's defaults; parsed while the config loads. */
export function baseCss(): string {
  return `
:host{all:initial!important;display:block!important;position:fixed!important;z-index:${Z_INDEX}!important;visibility:visible!important;opacity:1!important;
--tb-bg:#fff;--tb-fg:#111827;--tb-muted:#4b5563;--tb-line:#d1d5db;--tb-input:#6b7280;--tb-err:#b91c1c;
color-scheme:light dark;color:var(--tb-fg);font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif!important}
@media (prefers-color-scheme:dark){:host{--tb-bg:#1f2937;--tb-fg:#f9fafb;--tb-muted:#d1d5db;--tb-line:#4b5563;--tb-input:#9ca3af;--tb-err:#fca5a5}}
*{box-sizing:border-box;margin:0;font:inherit;color:inherit;letter-spacing:normal;text-transform:none}
[hidden]{display:none!important}
button{cursor:pointer;border:0;background:none;padding:0}
:focus-visible{outline:2px solid var(--tb-fg);outline-offset:2px}
`;
}

/**
 * The owner's settings: `--tb-accent` is their colour, `--tb-on-accent` the text on it, and the
 * launcher sits `x` px from its side and `y` px from the bottom.
 */
export function themeCss(accent: string, onAccent: string, left: boolean, x: number, y: number): string {
  return `:host{--tb-accent:${accent};--tb-on-accent:${onAccent};${left ? 'left' : 'right'}:${x}px!important;bottom:${y}px!important}`;
}
