// @vitest-environment jsdom
import '../../../testing/setup';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { DRAFT_DELAY_MS, useDraft } from './use-draft';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function draftOf(value: string) {
  const commit = vi.fn<(value: string) => void>();
  const hook = renderHook((props: { value: string }) => useDraft(props.value, commit), { initialProps: { value } });
  return { commit, hook };
}

describe('useDraft', () => {
  test('commits what was typed once typing pauses, once, trimmed', () => {
    const { commit, hook } = draftOf('');
    for (const text of ['r', 're', 'ref', 'refund ']) {
      act(() => hook.result.current.setDraft(text));
      act(() => vi.advanceTimersByTime(DRAFT_DELAY_MS - 1));
    }
    expect(commit).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(commit.mock.calls).toEqual([['refund']]);
    expect(hook.result.current.draft).toBe('refund ');
  });

  test('flush and replace commit at once; the same words twice are one commit', () => {
    const { commit, hook } = draftOf('');
    act(() => hook.result.current.setDraft('typo'));
    act(() => hook.result.current.flush());
    act(() => vi.advanceTimersByTime(DRAFT_DELAY_MS));
    act(() => hook.result.current.replace(''));
    expect(commit.mock.calls).toEqual([['typo'], ['']]);
  });

  test('a value changed from outside (Back, Clear filters) replaces the draft without a commit', () => {
    const { commit, hook } = draftOf('checkout');
    act(() => hook.result.current.setDraft('checkou'));
    hook.rerender({ value: '' });
    expect(hook.result.current.draft).toBe('');
    act(() => vi.advanceTimersByTime(DRAFT_DELAY_MS));
    expect(commit).not.toHaveBeenCalled();
  });
});
