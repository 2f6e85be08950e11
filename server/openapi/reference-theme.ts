/**
 * Tellbox's theme over Swagger UI on `/api/docs`: the brand's colours from the design tokens, AA
 * contrast in the light and the dark scheme (stock Swagger UI draws white on pastel method badges
 * and pale grey hints), and 24 px targets. The dark scheme builds on Swagger UI's own
 * `html.dark-mode` theme, which reference-init-script.ts switches with the system's scheme.
 */
import { COLORS, FONT_FAMILY, TEAL } from '../../src/shared/design-tokens';

/** The name the page loads the style sheet under. */
export const THEME_CSS_NAME = 'tellbox-reference.css';

const light = COLORS.light;
const dark = COLORS.dark;

/** Each HTTP method's badge in the light scheme: white text on a colour dark enough for it (≥ 4.5:1). */
const METHOD_COLORS = {
  get: light.info,
  post: light.success,
  put: light.warning,
  patch: TEAL[700],
  delete: light.danger,
  head: light.textSecondary,
  options: light.textSecondary,
} as const;

const methodRules = Object.entries(METHOD_COLORS)
  .map(
    ([method, color]) => `.swagger-ui .opblock.opblock-${method} { border-color: ${color}; }
.swagger-ui .opblock.opblock-${method} .opblock-summary { border-color: ${color}; }
.swagger-ui .opblock.opblock-${method} .opblock-summary-method { background: ${color}; color: #fff; }
.swagger-ui .opblock.opblock-${method} .tab-header .tab-item.active h4 span::after { background: ${color}; }`,
  )
  .join('\n');

/** Colours that differ by scheme: the light ones on `.swagger-ui`, the dark ones under html.dark-mode. */
function schemeRules(scope: string, colors: typeof light): string {
  return `${scope} .swagger-ui,
${scope} .swagger-ui .info .title,
${scope} .swagger-ui .opblock-tag,
${scope} .swagger-ui .opblock .opblock-summary-path,
${scope} .swagger-ui .opblock .opblock-summary-description,
${scope} .swagger-ui .opblock-description-wrapper p,
${scope} .swagger-ui .response-col_status,
${scope} .swagger-ui .parameter__name,
${scope} .swagger-ui table thead tr th,
${scope} .swagger-ui .tab li,
${scope} .swagger-ui .opblock .opblock-section-header h4,
${scope} .swagger-ui .markdown code,
${scope} .swagger-ui .renderedMarkdown code { color: ${colors.text}; }
${scope} .swagger-ui .info .url,
${scope} .swagger-ui .info a,
${scope} .swagger-ui .info .link,
${scope} .swagger-ui .markdown a,
${scope} .swagger-ui .renderedMarkdown a { color: ${colors.primary}; }
${scope} .swagger-ui .parameter__in,
${scope} .swagger-ui .parameter__type,
${scope} .swagger-ui .prop-format,
${scope} .swagger-ui .response-col_links,
${scope} .swagger-ui .opblock-tag small,
${scope} .swagger-ui .json-schema-2020-12-expand-deep-button,
${scope} .swagger-ui .json-schema-2020-12__attribute,
${scope} .swagger-ui .json-schema-2020-12-keyword__name--secondary,
${scope} .swagger-ui .json-schema-2020-12-keyword__value--secondary { color: ${colors.textSecondary}; }
${scope} .swagger-ui .parameter__name.required span,
${scope} .swagger-ui .parameter__name.required::after { color: ${colors.danger}; }
${scope} .swagger-ui .btn.authorize { color: ${colors.success}; border-color: ${colors.success}; }
${scope} .swagger-ui .btn.authorize svg,
${scope} .swagger-ui .btn.authorize svg * { fill: ${colors.success}; color: ${colors.success}; }
${scope} .swagger-ui .btn.cancel { color: ${colors.danger}; border-color: ${colors.danger}; }
${scope} .swagger-ui .opblock .opblock-section-header,
${scope} .swagger-ui .json-schema-2020-12-head,
${scope} .swagger-ui .json-schema-2020-12-expand-deep-button { background: ${colors.surfaceMuted}; }`;
}

export const THEME_CSS = `/* Tellbox's theme over Swagger UI: see server/openapi/reference-theme.ts. */
body { margin: 0; background: ${light.bg}; }
html.dark-mode body { background: ${dark.bg}; }
.swagger-ui, .swagger-ui .info .title, .swagger-ui .opblock-tag, .swagger-ui .btn { font-family: ${FONT_FAMILY}; }
.swagger-ui .info .title small { background: ${TEAL[700]}; }
.swagger-ui .info .title small pre { color: #fff; }
.swagger-ui .info .title small.version-stamp { background: ${light.success}; }
${methodRules}
${schemeRules('html', light)}
${schemeRules('html.dark-mode', dark)}
/* Dark: Swagger UI's own theme (light badges with dark text), on the console's dark background. */
html.dark-mode .swagger-ui,
html.dark-mode .swagger-ui .scheme-container { background: ${dark.bg}; }
/* Every control at least 24 px tall (WCAG 2.2 target size). */
.swagger-ui .btn, .swagger-ui .opblock-summary-control, .swagger-ui .expand-operation,
.swagger-ui .json-schema-2020-12-expand-deep-button, .swagger-ui .json-schema-2020-12-accordion,
.swagger-ui .model-box-control, .swagger-ui .opblock-tag a.nostyle { min-height: 24px; }
.swagger-ui .opblock-tag a.nostyle { display: inline-flex; align-items: center; }
.swagger-ui :focus-visible { outline: 2px solid ${light.primary}; outline-offset: 2px; }
html.dark-mode .swagger-ui :focus-visible { outline-color: ${dark.primary}; }
`;
