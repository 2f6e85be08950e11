/**
 * The embeddable script: `<script src="…/widget.js" data-site-key="KEY" async></script>`, with
 * an optional `data-lang="it"` for the language (else the page's `<html lang>`, else the browser's).
 * It defines one global, `window.Tellbox` ({ open, close }), renders once however many times it is
 * loaded, and never throws into the host page: any failure (bad tag, network, 403 for a site that
 * is not an installation, 404 key) leaves the widget hidden with one console warning.
 */
import type { PublicWidgetConfig } from '../../src/shared/api';
import type { WidgetTab } from '../../src/shared/schemas/widget';
import type { WidgetDemo } from '../../src/shared/widget-demo';
import { getConfig, postFeedback, type ApiResult } from './api';
import { MARK_START } from './constants';
import { warn } from './dom';
import { mark, prepareWidget, renderWidget, type WidgetControls } from './widget';

declare global {
  interface Window {
    Tellbox?: WidgetControls;
    /** Demo mode only (`data-demo` on the tag): the config, and where feedback goes. */
    TellboxDemo?: WidgetDemo;
  }
}

function boot() {
  mark(MARK_START);
  if (window.Tellbox) return;
  let controls: WidgetControls | undefined;
  // Tellbox.open() before the config has arrived opens the dialog as soon as it can.
  let pending: { tab?: WidgetTab } | undefined;
  window.Tellbox = {
    open(tab) {
      try {
        if (controls) controls.open(tab);
        else pending = { tab };
      } catch (error) {
        warn(error);
      }
    },
    close() {
      controls?.close();
    },
  };

  const script = (document.currentScript ??
    document.querySelector('script[data-site-key]')) as HTMLScriptElement | null;
  const siteKey = script?.dataset.siteKey;
  if (!script || !siteKey) return warn('the script tag has no data-site-key');

  const base = new URL(script.src).origin;
  // Demo mode: the page gives the config and takes the feedback; no request goes out.
  const demo = 'demo' in script.dataset ? window.TellboxDemo : undefined;
  // The visitor's language: the tag's own choice, else the page's, else the browser's.
  const lang = script.dataset.lang || document.documentElement.lang || navigator.language;
  const loading: Promise<ApiResult<PublicWidgetConfig>> = demo
    ? Promise.resolve({ ok: true, status: 200, body: demo.config })
    : getConfig(base, siteKey, lang);
  // While the request is out: the shadow root and the static styles.
  const shadow = prepareWidget(script.nonce ?? '');
  loading
    .then((result) => {
      const config = result.body;
      if (!result.ok || !config?.widget || !config.strings) {
        const reason = config?.message ? `: ${config.message}` : '';
        return warn(`the widget is hidden (${result.status || 'network error'}${reason})`);
      }
      controls = renderWidget(
        shadow,
        { ...(config as PublicWidgetConfig), posts: config.posts ?? [] },
        demo ? demo.send : (input) => postFeedback(base, siteKey, input),
      );
      if (pending) controls.open(pending.tab);
    })
    .catch(warn);
}

try {
  boot();
} catch (error) {
  warn(error);
}
