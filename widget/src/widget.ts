/**
 * Renders a widget: its shadow root and static styles while the config loads, the launcher as
 * soon as the config is in, the dialog on first open (a visitor who never opens it pays for
 * nothing more).
 */
import type { PublicWidgetConfig } from '../../src/shared/api';
import type { WidgetTab } from '../../src/shared/schemas/widget';
import type { ApiResult, FeedbackInput } from './api';
import { textColorFor, safeColor } from './color';
import { createFeedbackForm } from './components/feedback-form';
import { createLauncher } from './components/launcher';
import { createNewsList } from './components/news-list';
import { createPanel, type Panel, type TabContent } from './components/panel';
import { DEFAULT_COLOR, DIALOG_GAP, LAUNCHER_HEIGHT, MARK_LAUNCHER, SENT_EVENT, TAB_WORDS } from './constants';
import { attach, createShadow, type Shadow } from './shadow';
import { lastSeen, markSeen } from './storage';
import { launcherCss } from './styles/launcher.css';
import { panelCss } from './styles/panel.css';
import { baseCss, themeCss } from './styles/theme.css';

export interface WidgetControls {
  open(tab?: WidgetTab): void;
  close(): void;
}

/** A performance mark, where the browser has the User Timing API. */
export function mark(name: string) {
  try {
    performance.mark(name);
  } catch {
    // no User Timing: nothing to measure
  }
}

/** The detached shadow root with the launcher's styles, which do not depend on the config. */
export function prepareWidget(nonce: string): Shadow {
  const shadow = createShadow(nonce);
  shadow.addStyles(baseCss() + launcherCss());
  return shadow;
}

/**
 * Puts the widget on the page; throws (before touching the page) on a config it cannot show.
 * `send` delivers a visitor's feedback: the API's POST, or the page's own in demo mode.
 */
export function renderWidget(
  shadow: Shadow,
  config: PublicWidgetConfig,
  send: (input: FeedbackInput) => Promise<ApiResult<unknown>>,
): WidgetControls {
  const { widget, posts, strings } = config;
  const { host, root } = shadow;
  const siteKey = widget.key;
  const tabs = widget.enabledTabs.filter((tab) => tab in TAB_WORDS);
  if (!tabs.length) throw new Error('no tab is enabled');
  const accent = safeColor(widget.color, DEFAULT_COLOR);
  const left = widget.position === 'bottom-left';
  // Numbers only go into the stylesheet.
  const x = +widget.offsetX || 0;
  const y = +widget.offsetY || 0;
  shadow.addStyles(themeCss(accent, textColorFor(accent), left, x, y));
  // Posts come newest first; ISO-8601 UTC strings compare in time order.
  const newest = tabs.includes('news') ? posts[0]?.createdAt : undefined;
  let panel: Panel | undefined;

  function open(tab?: WidgetTab) {
    if (!panel) {
      // Above the launcher, or where it would be when the owner hid it.
      shadow.addStyles(panelCss(left, x, widget.hideLauncher ? y : y + LAUNCHER_HEIGHT + DIALOG_GAP));
      const contents = tabs.map((tab): TabContent =>
        tab === 'feedback'
          ? {
              tab,
              ...createFeedbackForm(strings, send, () =>
                dispatchEvent(new CustomEvent(SENT_EVENT, { detail: { siteKey } })),
              ),
            }
          : { tab, el: createNewsList(posts, strings, config.lang, widget.changelogUrl) },
      );
      panel = createPanel(
        contents,
        strings,
        (shown) => {
          if (shown === 'news' && newest) {
            markSeen(siteKey, newest);
            launcher?.setUnread(0);
          }
        },
        () => launcher?.el.focus(),
      );
      root.append(panel.el);
    }
    panel.open(tab);
  }

  // An owner with their own button hides the launcher and calls `Tellbox.open()`.
  const launcher = widget.hideLauncher ? undefined : createLauncher(strings, () => open());
  if (launcher) root.append(launcher.el);
  attach(host);
  // Once the frame with the launcher has painted: mark it, then the unread count (reading storage
  // can take a while, and the launcher need not wait for it).
  requestAnimationFrame(() =>
    setTimeout(() => {
      mark(MARK_LAUNCHER);
      if (!newest || !launcher) return;
      const seen = lastSeen(siteKey);
      launcher.setUnread(posts.filter((post) => post.createdAt > seen).length);
    }),
  );
  return { open, close: () => panel?.close() };
}
