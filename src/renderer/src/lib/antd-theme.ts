import type { ThemeConfig } from 'antd';

/** Tellbox's own look: a deep teal brand, system fonts (no web-font layout shift). */
export const tellboxTheme: ThemeConfig = {
  token: {
    colorPrimary: '#0f766e',
    colorLink: '#0f766e',
    borderRadius: 8,
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
};
