/**
 * The floating launcher: a real button whose accessible name says what it opens, with a dot
 * (and the words "new updates" for screen readers) while there are posts the visitor has not seen.
 */
import { LABELS } from '../constants';
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
  setUnread(unread: boolean): void;
}

/** The launcher button, named `label`; `onClick` opens the dialog. */
export function createLauncher(label: string, onClick: () => void): Launcher {
  const dot = h('span', { class: 'dot', hidden: true });
  const el = h('button', { type: 'button', class: 'launcher', 'aria-haspopup': 'dialog' }, icon(), label, dot);
  on(el, 'click', onClick);
  return {
    el,
    setUnread(unread) {
      dot.hidden = !unread;
      if (unread) el.setAttribute('aria-label', `${label}, ${LABELS.newUpdates}`);
      else el.removeAttribute('aria-label');
    },
  };
}
