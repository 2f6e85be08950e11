import { theme, type ThemeConfig } from 'antd';
import {
  COLORS,
  FONT_FAMILY,
  FONT_SIZES,
  LINE_HEIGHT,
  RADII,
  SHADOWS,
  type ColorScheme,
} from '../../../shared/design-tokens';

/**
 * antd's theme from Tellbox's design tokens (src/shared/design-tokens.ts), for either scheme.
 * antd derives its hover and active shades from the seeds; the text shades it would derive
 * (45 % black for tertiary text is 3.4:1 on white) are replaced by ours, which pass AA.
 */
function buildTheme(scheme: ColorScheme): ThemeConfig {
  const c = COLORS[scheme];
  return {
    algorithm: scheme === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      colorPrimary: c.primary,
      colorLink: c.primary,
      colorLinkHover: c.primaryHover,
      colorError: c.danger,
      colorSuccess: c.success,
      colorWarning: c.warning,
      // The tints antd would derive from the dark warning seed are a muddy grey-beige: ours instead.
      colorWarningBg: c.warningBg,
      colorWarningBgHover: c.warningBg,
      colorWarningBorder: c.warningBorder,
      colorWarningBorderHover: c.warningBorder,
      colorErrorBg: c.dangerBg,
      colorSuccessBg: c.successBg,
      colorInfoBg: c.infoBg,
      colorInfo: c.info,
      colorTextBase: c.text,
      colorText: c.text,
      colorTextHeading: c.text,
      colorTextSecondary: c.textSecondary,
      colorTextTertiary: c.textSecondary,
      colorTextDescription: c.textSecondary,
      colorTextLabel: c.textSecondary,
      // A select's placeholder is text on the page: axe holds it to AA like any other.
      colorTextPlaceholder: c.textSecondary,
      colorBgBase: c.surface,
      colorBgLayout: c.bg,
      colorBgContainer: c.surface,
      colorBgElevated: c.surface,
      colorBorder: c.borderStrong,
      colorBorderSecondary: c.border,
      colorFillAlter: c.surfaceMuted,
      colorTextLightSolid: c.onPrimary,
      fontFamily: FONT_FAMILY,
      fontSize: FONT_SIZES.base,
      fontSizeSM: FONT_SIZES.sm,
      fontSizeLG: FONT_SIZES.md,
      fontSizeXL: FONT_SIZES.lg,
      fontSizeHeading1: FONT_SIZES.xxl,
      fontSizeHeading2: FONT_SIZES.xl,
      fontSizeHeading3: FONT_SIZES.lg,
      fontSizeHeading4: FONT_SIZES.md,
      lineHeight: LINE_HEIGHT,
      borderRadius: RADII.md,
      borderRadiusSM: RADII.sm,
      borderRadiusLG: RADII.lg,
      boxShadowTertiary: SHADOWS[scheme][1],
      boxShadow: SHADOWS[scheme][3],
      boxShadowSecondary: SHADOWS[scheme][3],
    },
    components: {
      Button: { primaryColor: c.onPrimary, dangerColor: c.onDanger, primaryShadow: 'none', dangerShadow: 'none' },
      Menu: {
        itemSelectedBg: c.primaryBg,
        itemSelectedColor: c.primary,
        itemColor: c.text,
        itemHoverColor: c.text,
        itemBg: 'transparent',
        subMenuItemBg: 'transparent',
      },
      Layout: {
        bodyBg: c.bg,
        siderBg: c.surface,
        headerBg: c.surface,
        triggerBg: c.surfaceMuted,
        triggerColor: c.text,
      },
      Table: {
        headerBg: c.surfaceMuted,
        headerColor: c.text,
        rowHoverBg: c.surfaceMuted,
        // A selected row (the inbox's checkboxes): antd's derived shades put secondary text and
        // links under 3:1; every text token reaches AA on the primary tint.
        rowSelectedBg: c.primaryBg,
        rowSelectedHoverBg: c.primaryBg,
      },
      Tooltip: { colorBgSpotlight: scheme === 'dark' ? c.surfaceMuted : '#1c2624', colorTextLightSolid: '#ffffff' },
      Badge: { colorTextLightSolid: c.onPrimary },
    },
  };
}

export const ANTD_THEMES: Record<ColorScheme, ThemeConfig> = { light: buildTheme('light'), dark: buildTheme('dark') };

function withoutMotion(config: ThemeConfig): ThemeConfig {
  return { ...config, token: { ...config.token, motion: false } };
}

/** The same themes with antd's animations off, for `prefers-reduced-motion: reduce`. */
export const ANTD_THEMES_WITHOUT_MOTION: Record<ColorScheme, ThemeConfig> = {
  light: withoutMotion(ANTD_THEMES.light),
  dark: withoutMotion(ANTD_THEMES.dark),
};
