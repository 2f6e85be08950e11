/**
 * The floating launcher: a real button whose accessible name says what it opens, with a badge
 * counting the posts the visitor has not seen (and the count in words for screen readers).
 */
import type { WidgetStrings } from '../../../src/shared/widget-language';
import { h, on } from '../dom';

const SVG = 'http://www.w3.org/2000/svg';

/** A speech bubble, decorative. */
function icon(): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  const path = document.createElementNS(SVG, 'path');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  path.setAttribute('d', 'M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z');
  svg.append(path);
  return svg;
}

export interface Launcher {
  el: HTMLButtonElement;
  /** Shows how many posts are unread (none: no badge). */
  setUnread(count: number): void;
}

/** The launcher button, named `strings.launcher`; `onClick` opens the dialog. */
export function createLauncher(strings: WidgetStrings, onClick: () => void): Launcher {
  const badge = h('span', { class: 'badge', 'aria-hidden': 'true', hidden: true });
  const el = h(
    'button',
    { type: 'button', class: 'launcher', 'aria-haspopup': 'dialog' },
    icon(),
    strings.launcher,
    // Keeps the label and the count apart in the text on screen ("Feedback 2", not "Feedback2").
    ' ',
    badge,
  );
  on(el, 'click', onClick);
  return {
    el,
    setUnread(count) {
      const shown = count > 9 ? '9+' : String(count);
      badge.hidden = !count;
      badge.textContent = shown;
      // The name starts with the text on screen ("Feedback 2"), as speech input users say it.
      if (count)
        el.setAttribute(
          'aria-label',
          `${strings.launcher} ${count > 1 ? strings.newUpdates.replace('{n}', shown) : strings.newUpdate}`,
        );
      else el.removeAttribute('aria-label');
    },
  };
}
