/**
 * The changelog page's one style sheet, inline (the page loads nothing else, so it paints on the
 * first round trip) and allowed by its hash in the CSP. The band is the owner's colour in both
 * schemes; everything else follows the visitor's light or dark preference with Tellbox's tokens.
 */
import { COLORS, FONT_FAMILY, type ColorScheme } from '../../../src/shared/design-tokens';
import { textColorOn } from '../../../src/shared/contrast';
import { SCHEME_EDGES, readableOn } from './changelog-colors';

function schemeVariables(scheme: ColorScheme, ownerColor: string): string {
  const tokens = COLORS[scheme];
  const link = readableOn(ownerColor, [tokens.surface, tokens.bg], SCHEME_EDGES[scheme]);
  return (
    `--bg:${tokens.bg};--surface:${tokens.surface};--text:${tokens.text};--muted:${tokens.textSecondary};` +
    `--border:${tokens.border};--link:${link}`
  );
}

/** The CSS for a page in `ownerColor` (a checked `#rrggbb`). */
export function changelogStyle(ownerColor: string): string {
  return [
    `:root{color-scheme:light dark;${schemeVariables('light', ownerColor)};--band:${ownerColor};--on-band:${textColorOn(ownerColor)};--tint:color-mix(in srgb,var(--band) 16%,var(--surface))}`,
    `@media (prefers-color-scheme:dark){:root{${schemeVariables('dark', ownerColor)}}}`,
    '*{box-sizing:border-box}',
    `body{margin:0;background:var(--bg);color:var(--text);font:16px/1.6 ${FONT_FAMILY};-webkit-text-size-adjust:100%;text-size-adjust:100%}`,
    '.wrap{max-width:46rem;margin:0 auto;padding:0 1.25rem}',
    '.band{background:var(--band);color:var(--on-band);padding:2.25rem 0 2rem}',
    '.band .wrap{display:flex;flex-wrap:wrap;align-items:flex-end;justify-content:space-between;gap:1.25rem 2rem}',
    '.band a{color:inherit}',
    // The heading reads "Acme Updates"; the label shows above the name.
    '.heading{display:flex;flex-direction:column-reverse;margin:0;font-size:inherit}',
    '.kind{display:block;font-size:.8125rem;font-weight:700;letter-spacing:.08em;text-transform:uppercase;margin:0 0 .25rem}',
    '.name{display:block;margin:0;font-size:2rem;font-weight:700;line-height:1.2;overflow-wrap:anywhere}',
    'p.name{font-size:1.375rem}',
    '.feed{display:inline-flex;align-items:center;gap:.5rem;padding:.5rem 1rem;border:2px solid currentColor;border-radius:999px;font-weight:600;text-decoration:none;white-space:nowrap}',
    '.feed:hover{text-decoration:underline}',
    '.feed svg{width:1rem;height:1rem;fill:currentColor}',
    'main.wrap{padding-top:2rem;padding-bottom:1rem}',
    '.post{background:var(--surface);border:1px solid var(--border);border-radius:12px;padding:1.25rem 1.5rem;margin:0 0 1rem}',
    '.head{display:flex;gap:.875rem;align-items:flex-start}',
    '.head>div{flex:1;min-width:0}',
    '.icon{flex:none;display:grid;place-items:center;width:2.75rem;height:2.75rem;border-radius:10px;background:var(--tint);font-size:1.375rem;line-height:1}',
    '.title{margin:0;font-size:1.25rem;line-height:1.35;overflow-wrap:anywhere}',
    'h1.title{font-size:1.5rem;line-height:1.25}',
    'time{display:block;margin-top:.25rem;color:var(--muted);font-size:.875rem}',
    '.content{margin:1rem 0 0;white-space:pre-line;overflow-wrap:anywhere}',
    '.links{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;margin:1rem 0 0;padding-top:.875rem;border-top:1px solid var(--border);font-size:.9375rem}',
    'main a,footer a{color:var(--link);text-underline-offset:.2em}',
    '.links a,.back{display:inline-block;padding:.25rem 0}',
    '.text-link{padding:.25rem 0;overflow-wrap:anywhere}',
    '.back{margin:0 0 1rem;font-weight:600}',
    '.empty{margin:0;padding:2.5rem 1.5rem;text-align:center;color:var(--muted);background:var(--surface);border:1px dashed var(--border);border-radius:12px}',
    'footer.wrap{padding-top:.5rem;padding-bottom:3rem;color:var(--muted);font-size:.875rem}',
    'a:focus-visible{outline:2px solid currentColor;outline-offset:3px;border-radius:2px}',
    '.vh{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap;border:0}',
    '@media (min-width:48rem){.band{padding:3.5rem 0 2.75rem}.name{font-size:2.5rem}main.wrap{padding-top:2.75rem}h1.title{font-size:1.75rem}.post{padding:1.5rem 2rem}}',
  ].join('');
}
