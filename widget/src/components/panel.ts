/**
 * The dialog: a native modal `<dialog>` (role dialog, named by its heading, in the top layer so no
 * host z-index can cover it), with the Feedback and Updates tabs the widget enables (one tab: no
 * tab bar). Focus moves in on open and is trapped while open; Escape, the close button and a click
 * on the backdrop close it, and focus goes back where it was (the launcher, or the owner's own
 * button that called `Tellbox.open()`).
 */
import type { WidgetTab } from '../../../src/shared/schemas/widget';
import type { WidgetStrings } from '../../../src/shared/widget-language';
import { TAB_WORDS } from '../constants';
import { h, on } from '../dom';

export interface TabContent {
  tab: WidgetTab;
  el: HTMLElement;
  /** Where focus goes when this tab opens; without it, the tab (or the panel) itself. */
  focus?(): void;
}

export interface Panel {
  el: HTMLDialogElement;
  open(tab?: WidgetTab): void;
  close(): void;
}

const FOCUSABLE = 'button,input,textarea,a,[tabindex]';

/** The dialog around `contents`, in `strings`; `onShow` runs whenever a tab is shown. */
export function createPanel(
  contents: TabContent[],
  strings: WidgetStrings,
  onShow: (tab: WidgetTab) => void,
  /** Focuses the launcher: where focus goes when it came from nowhere in particular. */
  focusLauncher: () => void,
): Panel {
  const closeButton = h('button', { type: 'button', class: 'x', 'aria-label': strings.close }, '×');
  const dialog = h(
    'dialog',
    { 'aria-labelledby': 'tb-t' },
    h('div', { class: 'head' }, h('h2', { id: 'tb-t' }, strings.title), closeButton),
  );
  const many = contents.length > 1;
  const tabs = contents.map(({ tab }) =>
    h(
      'button',
      { type: 'button', role: 'tab', id: `tb-${tab}`, 'aria-controls': `tb-${tab}-panel` },
      strings[TAB_WORDS[tab]],
    ),
  );
  const sections = contents.map(({ tab, el }) =>
    h(
      'section',
      many
        ? { role: 'tabpanel', id: `tb-${tab}-panel`, 'aria-labelledby': `tb-${tab}`, tabindex: tab === 'news' && 0 }
        : { tabindex: tab === 'news' && 0 },
      el,
    ),
  );
  let current = 0;
  let opener: Element | null = null;

  function select(index: number) {
    current = index;
    contents.forEach((_, i) => {
      tabs[i]?.setAttribute('aria-selected', String(i === index));
      (tabs[i] as HTMLElement).tabIndex = i === index ? 0 : -1;
      (sections[i] as HTMLElement).hidden = i !== index;
    });
    onShow((contents[index] as TabContent).tab);
  }

  if (many) {
    const tablist = h('div', { role: 'tablist' }, ...tabs);
    tabs.forEach((tab, i) => on(tab, 'click', () => select(i)));
    on<KeyboardEvent>(tablist, 'keydown', (event) => {
      const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
      if (!step) return;
      event.preventDefault();
      select((current + step + tabs.length) % tabs.length);
      tabs[current]?.focus();
    });
    dialog.append(tablist);
  }
  dialog.append(...sections);

  // Tab and Shift+Tab wrap around inside the dialog.
  on<KeyboardEvent>(dialog, 'keydown', (event) => {
    if (event.key !== 'Tab') return;
    const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (el) => el.tabIndex >= 0 && el.getClientRects().length > 0,
    );
    const active = (dialog.getRootNode() as ShadowRoot).activeElement;
    const edge = event.shiftKey ? items[0] : items[items.length - 1];
    if (active === edge || !dialog.contains(active)) {
      event.preventDefault();
      (event.shiftKey ? items[items.length - 1] : items[0])?.focus();
    }
  });
  on(dialog, 'close', () =>
    opener instanceof HTMLElement && opener.isConnected && opener !== document.body ? opener.focus() : focusLauncher(),
  );
  on(dialog, 'click', (event) => event.target === dialog && dialog.close());
  on(closeButton, 'click', () => dialog.close());

  return {
    el: dialog,
    open(tab) {
      const wanted = contents.findIndex((content) => content.tab === tab);
      if (!dialog.open) {
        const root = dialog.getRootNode() as ShadowRoot;
        opener = document.activeElement === root.host ? root.activeElement : document.activeElement;
        dialog.showModal();
      }
      select(wanted < 0 ? current : wanted);
      const content = contents[current] as TabContent;
      if (content.focus) content.focus();
      else (many ? tabs : sections)[current]?.focus();
    },
    close: () => dialog.close(),
  };
}
