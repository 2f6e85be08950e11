/**
 * The frame every changelog page shares: the head (title, description, canonical and language
 * links, the feed), the band in the owner's colour, the footer, and the CSP that allows exactly
 * its one inline style and no script at all.
 */
import { createHash } from 'node:crypto';
import type { WidgetLanguage, WidgetStrings } from '../../../src/shared/widget-language';
import { escapeMarkup as e } from './changelog-text';
import { changelogStyle } from './changelog-style';

export interface ChangelogDocument {
  language: WidgetLanguage;
  strings: WidgetStrings;
  /** The `<title>`. */
  title: string;
  description: string;
  /** A checked `#rrggbb`: the band, the favicon, the browser's theme colour. */
  color: string;
  /** Absolute; absent on the 404 page, which is not to be indexed. */
  canonical?: string;
  alternates?: { hreflang: string; href: string }[];
  feed?: { href: string; title: string };
  /** The band's content and the main column's, as markup. */
  band: string;
  main: string;
  home: string;
}

export interface RenderedPage {
  html: string;
  /** The Content-Security-Policy header for `html`. */
  csp: string;
}

/** A subscribe icon drawn inline: the page fetches no image. */
export const FEED_ICON =
  '<svg viewBox="0 0 16 16" aria-hidden="true" focusable="false"><circle cx="3" cy="13" r="2"/>' +
  '<path d="M1 6.5v2.2A6.3 6.3 0 0 1 7.3 15h2.2A8.5 8.5 0 0 0 1 6.5Z"/><path d="M1 1.5v2.2A11.3 11.3 0 0 1 12.3 15h2.2A13.5 13.5 0 0 0 1 1.5Z"/></svg>';

/** A round favicon in the owner's colour, as a data URL (allowed by `img-src data:`). */
const favicon = (color: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="8" fill="${color}"/></svg>`)}`;

const cspFor = (style: string) =>
  [
    "default-src 'none'",
    `style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`,
    'img-src data:',
    // Inert without script; it lets an auditor (Lighthouse) read /robots.txt from the page.
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

export function renderDocument(page: ChangelogDocument): RenderedPage {
  const style = changelogStyle(page.color);
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    '<meta name="color-scheme" content="light dark">',
    `<meta name="theme-color" content="${page.color}">`,
    `<title>${e(page.title)}</title>`,
    `<meta name="description" content="${e(page.description)}">`,
    page.canonical ? '' : '<meta name="robots" content="noindex">',
    page.canonical ? `<link rel="canonical" href="${e(page.canonical)}">` : '',
    ...(page.alternates ?? []).map(
      (alternate) => `<link rel="alternate" hreflang="${alternate.hreflang}" href="${e(alternate.href)}">`,
    ),
    page.feed
      ? `<link rel="alternate" type="application/atom+xml" title="${e(page.feed.title)}" href="${e(page.feed.href)}">`
      : '',
    page.canonical
      ? `<meta property="og:type" content="website"><meta property="og:url" content="${e(page.canonical)}">`
      : '',
    `<meta property="og:title" content="${e(page.title)}"><meta property="og:description" content="${e(page.description)}">`,
    `<link rel="icon" href="${favicon(page.color)}">`,
    `<style>${style}</style>`,
  ].join('');
  const html =
    `<!doctype html><html lang="${page.language}" dir="ltr"><head>${head}</head><body>` +
    `<header class="band"><div class="wrap">${page.band}</div></header>` +
    `<main class="wrap">${page.main}</main>` +
    `<footer class="wrap"><a href="${e(page.home)}">${e(page.strings.poweredBy)}</a></footer>` +
    '</body></html>';
  return { html, csp: cspFor(style) };
}
