/**
 * The host element and its shadow root. Styles go in as constructable stylesheets, which a strict
 * Content-Security-Policy allows without `unsafe-inline`; browsers without `adoptedStyleSheets`
 * get `<style>` elements carrying the nonce of our own script tag instead.
 */
import { HOST_TAG } from './constants';
import { h } from './dom';

export interface Shadow {
  host: HTMLElement;
  root: ShadowRoot;
  /** Adds a stylesheet after the ones already there (later sheets win ties). */
  addStyles(css: string): void;
}

/** A detached host element with an open shadow root. */
export function createShadow(nonce: string): Shadow {
  const host = document.createElement(HOST_TAG);
  const root = host.attachShadow({ mode: 'open' });
  return {
    host,
    root,
    addStyles(css) {
      if (root.adoptedStyleSheets) {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(css);
        root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
      } else {
        root.append(h('style', { nonce: nonce || undefined }, css));
      }
    },
  };
}

/**
 * Puts the host at the end of `<html>`, outside `<body>`: single-page apps that replace or
 * re-render the body leave it alone, and a transformed body cannot capture its fixed position.
 * Should the page remove it anyway, it is put back (same element, same state).
 */
export function attach(host: HTMLElement) {
  const html = document.documentElement;
  html.append(host);
  new MutationObserver(() => {
    if (!host.isConnected) html.append(host);
  }).observe(html, { childList: true });
}
