import { useEffect, useRef } from 'react';
import type { FeedbackStatus } from '../../../../../shared/feedback-status';

export interface TriageKeyActions {
  /**
   * j: the next entry (1), k: the previous one (-1); with an entry open, the one to open next (the
   * arrow keys too: → next, ← previous).
   */
  move: (step: 1 | -1) => void;
  /** Enter: the focused entry, opened. */
  open: () => void;
  /** Escape: the open entry, closed. */
  close: () => void;
  /** e: resolved, s: spam; the open entry, or else the focused one. */
  mark: (status: Extract<FeedbackStatus, 'resolved' | 'spam'>) => void;
  /** x: the focused entry in or out of the selection. */
  toggleSelection: () => void;
  /** ?: the list of these keys. */
  showHelp: () => void;
}

export interface TriageKeysOptions extends TriageKeyActions {
  /** False while the keys must do nothing (the list of keys is open). */
  enabled: boolean;
  /** An entry is open: the arrows walk too, and Escape closes it. */
  entryOpen: boolean;
  /** The open entry has the screen (a narrow one): x and Enter would act on rows out of sight. */
  listHidden: boolean;
}

/**
 * Fields where a letter is text: an input (not a checkbox), a text area, a select (antd's opens its
 * list at a letter), an editor.
 */
function isTypingTarget(target: Element): boolean {
  if (target instanceof HTMLInputElement) {
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'color', 'range'].includes(target.type);
  }
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return (
    target.closest(
      '[contenteditable]:not([contenteditable="false"]), [role="combobox"], [role="textbox"], [role="searchbox"]',
    ) !== null
  );
}

/** In a dialog or drawer (the key list, a menu drawer, a confirmation): its keys are its own. */
function isInDialog(target: Element): boolean {
  return target.closest('[role="dialog"], [aria-modal="true"], .ant-modal-wrap, .ant-drawer') !== null;
}

/**
 * Enter only where it opens nothing else: on a row itself or on no control at all (a button or a
 * link in the page keeps its own Enter).
 */
function enterOpensEntry(target: Element): boolean {
  return target === document.body || target.hasAttribute('data-row-key');
}

/** The steps of the keys that walk the list: j and k everywhere, the arrows with an entry open. */
const STEPS: Record<string, 1 | -1> = { j: 1, k: -1 };
const ENTRY_STEPS: Record<string, 1 | -1> = { ...STEPS, ArrowRight: 1, ArrowLeft: -1 };

interface KeyContext {
  entryOpen: boolean;
  listHidden: boolean;
}

/** Which action a key asks for; null for any other key, or one to leave to the page. */
function actionFor(event: KeyboardEvent, target: Element, { entryOpen, listHidden }: KeyContext) {
  if (event.key === '?') return 'showHelp';
  // A capital (or a shortcut of the browser's, the system's) is not a triage key.
  if (event.shiftKey) return null;
  if (event.key === 'e' || event.key === 's') return 'mark';
  if (event.key === 'j' || event.key === 'k') return 'move';
  if (entryOpen && event.key in ENTRY_STEPS) return 'move';
  if (entryOpen && event.key === 'Escape') return 'close';
  if (listHidden) return null;
  if (event.key === 'x') return 'toggleSelection';
  if (event.key === 'Enter' && enterOpensEntry(target)) return 'open';
  return null;
}

/**
 * The inbox's keys, as in a mail client: j/k open the next and previous entries (on a narrow
 * screen, with nothing open, they move the focus and Enter opens), the arrows walk too while an
 * entry is open and Escape closes it, e marks it resolved, s spam, x selects it, ? lists the keys.
 * Never while the owner types in a field, never with Ctrl, Alt or Meta held, never in a dialog.
 */
export function useTriageKeys(options: TriageKeysOptions): void {
  // The latest actions, read when a key arrives: one listener for the page's lifetime.
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const { enabled, entryOpen, listHidden, ...actions } = latest.current;
      const target = event.target instanceof Element ? event.target : document.body;
      if (!enabled || event.defaultPrevented || event.isComposing) return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(target) || isInDialog(target)) return;
      const action = actionFor(event, target, { entryOpen, listHidden });
      if (!action) return;
      event.preventDefault();
      if (action === 'move') actions.move(ENTRY_STEPS[event.key] ?? 1);
      else if (action === 'mark') actions.mark(event.key === 'e' ? 'resolved' : 'spam');
      else actions[action]();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
