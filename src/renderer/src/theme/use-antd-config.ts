import type { ConfigProviderProps } from 'antd';
import { useMediaQuery } from '../lib/use-media-query';
import { ANTD_THEMES, ANTD_THEMES_WITHOUT_MOTION } from './antd-theme';
import { useAppliedColorScheme } from './color-scheme';

export const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

const NO_WAVE = { disabled: true };

/**
 * antd's theme for the scheme on the page. An owner who asked their system for less motion gets
 * antd without it: dialogs, drawers and toasts appear and go at once instead of zooming and
 * sliding, and a clicked button shows no ripple (antd's wave ignores the theme's motion switch).
 */
export function useAntdConfig(): Pick<ConfigProviderProps, 'theme' | 'wave'> {
  const scheme = useAppliedColorScheme();
  if (useMediaQuery(REDUCED_MOTION)) return { theme: ANTD_THEMES_WITHOUT_MOTION[scheme], wave: NO_WAVE };
  return { theme: ANTD_THEMES[scheme] };
}
