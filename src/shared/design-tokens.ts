/**
 * Tellbox's design tokens, written once: the console's CSS custom properties (generated from this
 * file at build time), antd's theme and the e-mails' colours all read them. Pure data, so the
 * server's mail templates and the renderer's build can import it alike.
 *
 * Every text colour is chosen for WCAG AA (4.5:1) on the backgrounds it is used on, in both
 * schemes; design-tokens.test.ts measures it.
 */

/** The brand's teal, as a scale (50 lightest … 950 darkest). */
export const TEAL = {
  50: '#f0fdfa',
  100: '#ccfbf1',
  200: '#99f6e4',
  300: '#5eead4',
  400: '#2dd4bf',
  500: '#14b8a6',
  600: '#0d9488',
  700: '#0f766e',
  800: '#115e59',
  900: '#134e4a',
  950: '#042f2e',
} as const;

/** The brand colour where one colour stands for Tellbox (favicon, e-mail buttons, links). */
export const BRAND_COLOR = TEAL[700];

/** The semantic colours a screen may use; each scheme gives every one of them a value. */
export interface ColorTokens {
  primary: string;
  primaryHover: string;
  /** A subtle tint behind selected or highlighted things. */
  primaryBg: string;
  /** Text and icons on a primary fill. */
  onPrimary: string;
  text: string;
  /** Secondary text: still AA on bg, surface and surfaceMuted. */
  textSecondary: string;
  /** The page behind cards. */
  bg: string;
  /** Cards, tables, dialogs. */
  surface: string;
  /** Table heads, hovered rows, quiet panels. */
  surfaceMuted: string;
  border: string;
  borderStrong: string;
  danger: string;
  dangerBg: string;
  /** Text on a danger fill. */
  onDanger: string;
  success: string;
  successBg: string;
  warning: string;
  /** Behind a warning box (antd's Alert, the notices): a clear amber tint, never antd's grey-beige. */
  warningBg: string;
  /** A warning box's edge. */
  warningBorder: string;
  info: string;
  infoBg: string;
}

export type ColorScheme = 'light' | 'dark';

export const COLORS: Record<ColorScheme, ColorTokens> = {
  light: {
    primary: TEAL[700],
    primaryHover: TEAL[800],
    primaryBg: '#e6f4f1',
    onPrimary: '#ffffff',
    text: '#1c2624',
    textSecondary: '#4d5a57',
    bg: '#f5f8f7',
    surface: '#ffffff',
    surfaceMuted: '#f0f4f3',
    border: '#dfe6e4',
    borderStrong: '#b9c4c1',
    danger: '#c42b2b',
    dangerBg: '#fdeeee',
    onDanger: '#ffffff',
    success: '#157a3c',
    successBg: '#eaf7ef',
    warning: '#8a4b08',
    warningBg: '#fdf5e4',
    warningBorder: '#f0cf8c',
    info: '#1d5fc4',
    infoBg: '#ecf3fd',
  },
  dark: {
    primary: TEAL[400],
    primaryHover: TEAL[300],
    primaryBg: '#123a36',
    onPrimary: TEAL[950],
    text: '#e4ecea',
    textSecondary: '#a2b2ae',
    bg: '#0c1312',
    surface: '#141e1c',
    surfaceMuted: '#1b2826',
    border: '#2a3a37',
    borderStrong: '#405451',
    danger: '#f47a7a',
    dangerBg: '#3a1c1c',
    onDanger: '#2a0707',
    success: '#5fd48c',
    successBg: '#12301f',
    warning: '#f2bf52',
    warningBg: '#33290f',
    warningBorder: '#6b5419',
    info: '#7fb2f7',
    infoBg: '#15253d',
  },
};

/** Font sizes in px: a type scale of about 1.2. */
export const FONT_SIZES = { sm: 12, base: 14, md: 16, lg: 20, xl: 24, xxl: 30 } as const;

export const FONT_FAMILY =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji'";

export const LINE_HEIGHT = 1.5715;

/** Spacing steps in px, named 1…8. */
export const SPACE = { 1: 4, 2: 8, 3: 12, 4: 16, 5: 24, 6: 32, 7: 40, 8: 48 } as const;

/** Corner radii in px. */
export const RADII = { sm: 4, md: 8, lg: 12, pill: 999 } as const;

/** Elevation: 1 for cards, 2 for raised things, 3 for overlays. Darker in the dark scheme. */
export const SHADOWS: Record<ColorScheme, Record<1 | 2 | 3, string>> = {
  light: {
    1: '0 1px 2px rgb(16 24 22 / 6%), 0 1px 3px rgb(16 24 22 / 8%)',
    2: '0 4px 12px rgb(16 24 22 / 8%), 0 1px 3px rgb(16 24 22 / 6%)',
    3: '0 12px 32px rgb(16 24 22 / 14%), 0 2px 6px rgb(16 24 22 / 8%)',
  },
  dark: {
    1: '0 1px 2px rgb(0 0 0 / 40%)',
    2: '0 4px 12px rgb(0 0 0 / 45%)',
    3: '0 12px 32px rgb(0 0 0 / 55%)',
  },
};

/** The width below which the console is laid out for phones (antd's `md`). */
export const PHONE_MAX_WIDTH = 767;
