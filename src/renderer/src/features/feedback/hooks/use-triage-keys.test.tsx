// @vitest-environment jsdom
import '../../../testing/setup';
import { fireEvent, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { useTriageKeys, type TriageKeysOptions } from './use-triage-keys';

function actions() {
  return {
    move: vi.fn<TriageKeysOptions['move']>(),
    open: vi.fn<TriageKeysOptions['open']>(),
    close: vi.fn<TriageKeysOptions['close']>(),
    mark: vi.fn<TriageKeysOptions['mark']>(),
    toggleSelection: vi.fn<TriageKeysOptions['toggleSelection']>(),
    showHelp: vi.fn<TriageKeysOptions['showHelp']>(),
  };
}

let spies: ReturnType<typeof actions>;

function listen(options: Partial<TriageKeysOptions> = {}) {
  spies = actions();
  return renderHook(
    (props: Partial<TriageKeysOptions>) =>
      useTriageKeys({ enabled: true, entryOpen: false, listHidden: false, ...spies, ...props }),
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

  test('Enter opens an entry from its row or the page, never from a button, which keeps its own', () => {
    const page = mount('<ul><li><a href="/feedback/f1" data-row-key="f1">x</a></li></ul><button>Older</button>');
    listen();
    press('Enter', {}, page.querySelector('a') as Element);
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

  test('with an entry open beside the list every key works, the arrows walk too and Escape closes it', () => {
    const page = mount('<section aria-label="Feedback details"><button>Next</button></section>');
    listen({ entryOpen: true });
    const next = page.querySelector('button') as Element;
    for (const key of ['j', 'k', 'ArrowRight', 'ArrowLeft']) press(key, {}, next);
    press('s', {}, next);
    press('x');
    press('Enter');
    press('?', { shiftKey: true });
    press('Escape', {}, next);
    expect(spies.move.mock.calls).toEqual([[1], [-1], [1], [-1]]);
    expect(spies.mark).toHaveBeenCalledWith('spam');
    expect(spies.toggleSelection).toHaveBeenCalledOnce();
    expect(spies.open).toHaveBeenCalledOnce();
    expect(spies.showHelp).toHaveBeenCalledOnce();
    expect(spies.close).toHaveBeenCalledOnce();
  });

  test('with the entry in place of the list (a narrow screen) x and Enter would act on rows out of sight', () => {
    listen({ entryOpen: true, listHidden: true });
    press('x');
    press('Enter');
    press('e');
    press('j');
    expect(spies.toggleSelection).not.toHaveBeenCalled();
    expect(spies.open).not.toHaveBeenCalled();
    expect(spies.mark).toHaveBeenCalledWith('resolved');
    expect(spies.move).toHaveBeenCalledWith(1);
  });

  test('Escape with nothing open is left to the page', () => {
    listen();
    expect(press('Escape')).toBe(true);
    expect(spies.close).not.toHaveBeenCalled();
  });

  test('the arrows walk only with an entry open: otherwise they are left to the page (scrolling)', () => {
    listen();
    expect(press('ArrowRight')).toBe(true);
    expect(press('ArrowLeft')).toBe(true);
    expect(spies.move).not.toHaveBeenCalled();
  });

  test('an arrow in a select that takes typing stays in it, not the list', () => {
    const page = mount('<section><input role="combobox" aria-label="Status" aria-expanded="false"></section>');
    listen({ entryOpen: true });
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
