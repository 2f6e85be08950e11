// @vitest-environment jsdom
import '../../../testing/setup';
import { fireEvent, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { DETAILS_DIALOG_CLASS, useTriageKeys, type TriageKeysOptions } from './use-triage-keys';

function actions() {
  return {
    move: vi.fn<TriageKeysOptions['move']>(),
    open: vi.fn<TriageKeysOptions['open']>(),
    mark: vi.fn<TriageKeysOptions['mark']>(),
    toggleSelection: vi.fn<TriageKeysOptions['toggleSelection']>(),
    showHelp: vi.fn<TriageKeysOptions['showHelp']>(),
  };
}

let spies: ReturnType<typeof actions>;

function listen(options: Partial<TriageKeysOptions> = {}) {
  spies = actions();
  return renderHook(
    (props: Partial<TriageKeysOptions>) => useTriageKeys({ enabled: true, detailsOpen: false, ...spies, ...props }),
    { initialProps: options },
  );
}

/** Presses `key` on `target` (the page itself unless told), as the browser sends it. */
function press(key: string, init: KeyboardEventInit = {}, target: Element = document.body) {
  return fireEvent.keyDown(target, { key, bubbles: true, cancelable: true, ...init });
}

/** An element put in the page for one test, gone after it. */
function mount(html: string): HTMLElement {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  document.body.append(holder);
  return holder;
}

beforeEach(() => {
  document.body.innerHTML = '';
});
afterEach(() => {
  document.body.innerHTML = '';
});

describe('useTriageKeys', () => {
  test('j and k move, Enter opens, e resolves, s spams, x selects, ? lists the keys', () => {
    listen();
    press('j');
    press('k');
    press('Enter');
    press('e');
    press('s');
    press('x');
    press('?', { shiftKey: true });
    expect(spies.move.mock.calls).toEqual([[1], [-1]]);
    expect(spies.open).toHaveBeenCalledOnce();
    expect(spies.mark.mock.calls).toEqual([['resolved'], ['spam']]);
    expect(spies.toggleSelection).toHaveBeenCalledOnce();
    expect(spies.showHelp).toHaveBeenCalledOnce();
  });

  test('a handled key does nothing else in the page; any other key is left alone', () => {
    listen();
    expect(press('j')).toBe(false);
    expect(press('a')).toBe(true);
    expect(press('ArrowDown')).toBe(true);
  });

  test('nothing while the owner types in a field, or a select has the focus', () => {
    const page = mount(
      '<input type="text" /><textarea></textarea><div role="combobox" tabindex="0"></div><div contenteditable="true"></div>',
    );
    listen();
    for (const field of page.children) {
      press('j', {}, field);
      press('e', {}, field);
    }
    expect(spies.move).not.toHaveBeenCalled();
    expect(spies.mark).not.toHaveBeenCalled();
  });

  test('a focused checkbox does not stop the keys: ticking a row then pressing j goes on', () => {
    const page = mount('<input type="checkbox" />');
    listen();
    press('j', {}, page.querySelector('input') as Element);
    expect(spies.move).toHaveBeenCalledWith(1);
  });

  test('nothing with Ctrl, Alt or Meta held, or as a capital', () => {
    listen();
    press('j', { ctrlKey: true });
    press('j', { metaKey: true });
    press('e', { altKey: true });
    press('E', { shiftKey: true });
    expect(spies.move).not.toHaveBeenCalled();
    expect(spies.mark).not.toHaveBeenCalled();
  });

  test('Enter opens the details from a row or the page, never from a button, which keeps its own', () => {
    const page = mount(
      '<table><tbody><tr data-row-key="f1" tabindex="0"><td>x</td></tr></tbody></table><button>Older</button>',
    );
    listen();
    press('Enter', {}, page.querySelector('tr') as Element);
    press('Enter', {}, page.querySelector('button') as Element);
    expect(spies.open).toHaveBeenCalledOnce();
  });

  test('in another dialog (a confirmation, the key list) no key triages', () => {
    const page = mount('<div role="dialog" aria-modal="true"><button>OK</button></div>');
    listen();
    press('e', {}, page.querySelector('button') as Element);
    press('j', {}, page.querySelector('button') as Element);
    expect(spies.mark).not.toHaveBeenCalled();
    expect(spies.move).not.toHaveBeenCalled();
  });

  test('in the details dialog e, s and the walk work (j, k and the arrows); the other keys would act behind it', () => {
    const page = mount(`<div class="${DETAILS_DIALOG_CLASS}"><div role="dialog"><button>Close</button></div></div>`);
    listen({ detailsOpen: true });
    const close = page.querySelector('button') as Element;
    for (const key of ['x', 'Enter', '?']) press(key, {}, close);
    press('s', {}, close);
    for (const key of ['j', 'k', 'ArrowRight', 'ArrowLeft']) press(key, {}, close);
    expect(spies.mark).toHaveBeenCalledWith('spam');
    expect(spies.move.mock.calls).toEqual([[1], [-1], [1], [-1]]);
    expect(spies.open).not.toHaveBeenCalled();
    expect(spies.toggleSelection).not.toHaveBeenCalled();
    expect(spies.showHelp).not.toHaveBeenCalled();
  });

  test('the arrows walk the details only: in the list they are left to the page (scrolling)', () => {
    listen();
    expect(press('ArrowRight')).toBe(true);
    expect(press('ArrowLeft')).toBe(true);
    expect(spies.move).not.toHaveBeenCalled();
  });

  test('an arrow in a select that takes typing stays in it, not the list', () => {
    const page = mount(
      `<div class="${DETAILS_DIALOG_CLASS}"><div role="dialog"><input role="combobox" aria-label="Status" aria-expanded="false"></div></div>`,
    );
    listen({ detailsOpen: true });
    press('ArrowRight', {}, page.querySelector('input') as Element);
    expect(spies.move).not.toHaveBeenCalled();
  });

  test('nothing while disabled, and the latest actions are the ones called', () => {
    const hook = listen({ enabled: false });
    press('j');
    expect(spies.move).not.toHaveBeenCalled();
    const later = vi.fn<TriageKeysOptions['move']>();
    hook.rerender({ enabled: true, move: later });
    press('j');
    expect(later).toHaveBeenCalledWith(1);
  });

  test('stops listening once the page is gone', () => {
    const hook = listen();
    hook.unmount();
    press('j');
    expect(spies.move).not.toHaveBeenCalled();
  });
});
