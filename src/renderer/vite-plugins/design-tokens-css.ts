/**
 * Serves src/shared/design-tokens.ts to the renderer as the virtual stylesheet
 * `virtual:design-tokens.css`: the values are written once, in TypeScript, and the CSS (inlined
 * into prerendered pages like any other) follows them.
 *
 * `:root` holds the light scheme; `[data-theme='dark']` on <html> switches the colours and
 * shadows (the console sets it: see src/renderer/src/theme/color-scheme.ts).
 */
import type { Plugin } from 'vite';
import { designTokensCss } from '../../shared/design-tokens-css';

const VIRTUAL_ID = 'virtual:design-tokens.css';
// The leading \0 keeps other plugins off the id; vite still treats it as CSS by its extension.
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

/** The vite plugin that serves `virtual:design-tokens.css`. */
export function designTokensCssPlugin(): Plugin {
  return {
    name: 'tellbox-design-tokens-css',
    resolveId: (id) => (id === VIRTUAL_ID ? RESOLVED_ID : undefined),
    load: (id) => (id === RESOLVED_ID ? designTokensCss() : undefined),
  };
}
