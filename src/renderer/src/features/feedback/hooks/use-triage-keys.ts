import { useEffect, useRef } from 'react';
import type { FeedbackStatus } from '../../../../../shared/feedback-status';

/** The class of the details dialog: keys pressed in it still triage, in any other dialog they do not. */
export const DETAILS_DIALOG_CLASS = 'tb-feedback-details';

export interface TriageKeyActions {
  /**
   * j: the next entry (1), k: the previous one (-1); in the details, the entry they show (the
   * arrow keys too: → next, ← previous).
   */
  move: (step: 1 | -1) => void;
  /** Enter: the focused entry's details. */
  open: () => void;
  /** e: resolved, s: spam; the focused entry, or the one the details dialog shows. */
  mark: (status: Extract<FeedbackStatus, 'resolved' | 'spam'>) => void;
  /** x: the focused entry in or out of the selection. */
  toggleSelection: () => void;
  /** ?: the list of these keys. */
  showHelp: () => void;
}

export interface TriageKeysOptions extends TriageKeyActions {
  /** False while the keys must do nothing (the list of keys is open). */
  enabled: boolean;
  /** While the details dialog is open only e, s and the walk (j, k, ← and →) work: the rest would act behind it. */
  detailsOpen: boolean;
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

/** In a dialog or drawer that is not the details dialog (the key list, a menu drawer, a confirmation). */
function isInOtherDialog(target: Element): boolean {
  const dialog = target.closest('[role="dialog"], [aria-modal="true"], .ant-modal-wrap, .ant-drawer');
  return dialog !== null && dialog.closest(`.${DETAILS_DIALOG_CLASS}`) === null;
}

/**
 * Enter only where it opens nothing else: on a row itself or on no control at all (a button or a
 * link in the page keeps its own Enter).
 */
function enterOpensDetails(target: Element): boolean {
  return target === document.body || target.hasAttribute('data-row-key');
}

/** The steps of the keys that walk the list: j and k everywhere, the arrows in the details. */
const STEPS: Record<string, 1 | -1> = { j: 1, k: -1 };
const DETAILS_STEPS: Record<string, 1 | -1> = { ...STEPS, ArrowRight: 1, ArrowLeft: -1 };

/** Which action a key asks for; null for any other key, or one to leave to the page. */
function actionFor(event: KeyboardEvent, target: Element, detailsOpen: boolean): keyof TriageKeyActions | null {
  if (event.key === '?') return detailsOpen ? null : 'showHelp';
  // A capital (or a shortcut of the browser's, the system's) is not a triage key.
  if (event.shiftKey) return null;
  if (event.key === 'e' || event.key === 's') return 'mark';
  if (event.key === 'j' || event.key === 'k') return 'move';
  if (detailsOpen) return event.key in DETAILS_STEPS ? 'move' : null;
  if (event.key === 'x') return 'toggleSelection';
  if (event.key === 'Enter' && enterOpensDetails(target)) return 'open';
  return null;
}

/**
 * The inbox's keys, as in a mail client: j/k move through the page, Enter opens an entry (where
 * j/k or the arrows go on to the next), e marks it resolved, s spam, x selects it, ? lists the keys. Never while the owner types in a field,
 * never with Ctrl, Alt or Meta held, never in another dialog.
 */
export function useTriageKeys(options: TriageKeysOptions): void {
  // The latest actions, read when a key arrives: one listener for the page's lifetime.
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const { enabled, detailsOpen, ...actions } = latest.current;
      const target = event.target instanceof Element ? event.target : document.body;
      if (!enabled || event.defaultPrevented || event.isComposing) return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(target) || isInOtherDialog(target)) return;
      const action = actionFor(event, target, detailsOpen);
      if (!action) return;
      event.preventDefault();
      if (action === 'move') actions.move(DETAILS_STEPS[event.key] ?? 1);
      else if (action === 'mark') actions.mark(event.key === 'e' ? 'resolved' : 'spam');
      else actions[action]();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
