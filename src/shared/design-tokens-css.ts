/**
 * The design tokens (design-tokens.ts) as CSS custom properties: `--tb-color-primary`,
 * `--tb-space-4`, `--tb-shadow-1` and the rest. One mapping for every stylesheet that declares
 * them: the console's (generated at build time) and the pages the server draws itself.
 */
import { COLORS, FONT_FAMILY, FONT_SIZES, LINE_HEIGHT, RADII, SHADOWS, SPACE, type ColorScheme } from './design-tokens';

/** `primaryHover` → `primary-hover`. */
const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** The declarations that do not change with the scheme: type, spacing, radii. */
export function scaleDeclarations(): string[] {
  return [
    `--tb-font-family: ${FONT_FAMILY};`,
    `--tb-line-height: ${LINE_HEIGHT};`,
    ...Object.entries(FONT_SIZES).map(([name, px]) => `--tb-font-size-${name}: ${px}px;`),
    ...Object.entries(SPACE).map(([step, px]) => `--tb-space-${step}: ${px}px;`),
    ...Object.entries(RADII).map(([name, px]) => `--tb-radius-${name}: ${px}px;`),
  ];
}

/** One scheme's colours and shadows. */
export function schemeDeclarations(scheme: ColorScheme): string[] {
  return [
    `color-scheme: ${scheme};`,
    ...Object.entries(COLORS[scheme]).map(([name, value]) => `--tb-color-${kebab(name)}: ${value};`),
    ...Object.entries(SHADOWS[scheme]).map(([level, value]) => `--tb-shadow-${level}: ${value};`),
  ];
}

const block = (selector: string, lines: string[]) => `${selector} {\n  ${lines.join('\n  ')}\n}\n`;

/** The console's stylesheet of tokens: light on `:root`, dark under `:root[data-theme='dark']`. */
export function designTokensCss(): string {
  return (
    block(':root', [...scaleDeclarations(), ...schemeDeclarations('light')]) +
    block(":root[data-theme='dark']", schemeDeclarations('dark'))
  );
}

/** The light scheme alone, for a page that has no dark theme. */
export function lightTokensCss(): string {
  return block(':root', [...scaleDeclarations(), ...schemeDeclarations('light')]);
}
