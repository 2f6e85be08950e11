// @vitest-environment jsdom
import '../testing/setup';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, test } from 'vitest';
import { MAX_FEEDBACK_SEARCH_LENGTH } from '../../../shared/limits';
import { isDay, useFeedbackSearchParams, type FeedbackSearch } from './use-feedback-search-params';

/** The hook on a page at `path`, with what it read last and its setter. */
function mountAt(path: string) {
  const seen: { search?: FeedbackSearch; set?: (change: Partial<FeedbackSearch>) => void } = {};
  function Probe() {
    const [search, set] = useFeedbackSearchParams();
    seen.search = search;
    seen.set = set;
    return null;
  }
  const router = createMemoryRouter([{ path: '/feedback', element: <Probe /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  const url = () => `${router.state.location.pathname}${router.state.location.search}`;
  const set = (change: Partial<FeedbackSearch>) => act(() => seen.set?.(change));
  return { seen, router, url, set };
}

describe('the search of /feedback in the URL', () => {
  test('reads ?q=, ?from= and ?to=, the words trimmed', () => {
    const { seen } = mountAt('/feedback?status=all&q=%20refund%20&from=2026-11-01&to=2026-11-24');
    expect(seen.search).toEqual({ q: 'refund', from: '2026-11-01', to: '2026-11-24', assignee: null });
  });

  test('a date that is no day, blank words and words past the limit read as what the API would take', () => {
    const long = 'x'.repeat(MAX_FEEDBACK_SEARCH_LENGTH + 5);
    const { seen } = mountAt(`/feedback?q=${long}&from=2026-02-30&to=yesterday`);
    expect(seen.search).toEqual({ q: 'x'.repeat(MAX_FEEDBACK_SEARCH_LENGTH), from: null, to: null, assignee: null });
    expect(mountAt('/feedback?q=%20%20').seen.search?.q).toBeNull();
  });

  test('writes beside the other parameters and takes a part away when it is emptied', async () => {
    const { url, set } = mountAt('/feedback?widget=w1&status=resolved');
    await set({ q: 'checkout', from: '2026-11-01' });
    expect(url()).toBe('/feedback?widget=w1&status=resolved&q=checkout&from=2026-11-01');
    await set({ q: null });
    expect(url()).toBe('/feedback?widget=w1&status=resolved&from=2026-11-01');
    await set({ from: '' });
    expect(url()).toBe('/feedback?widget=w1&status=resolved');
  });

  test('a new search is a history entry; refining it replaces the entry, so Back skips the words typed', async () => {
    const { router, url, set } = mountAt('/feedback');
    await set({ q: 'check' });
    expect(router.state.historyAction).toBe('PUSH');
    await set({ q: 'checkout' });
    expect(router.state.historyAction).toBe('REPLACE');
    await act(() => router.navigate(-1));
    expect(url()).toBe('/feedback');
  });

  test('?assignee= keeps "Assigned to me" (me) or nobody\'s (none); anything else reads as anyone', async () => {
    expect(mountAt('/feedback?assignee=me').seen.search?.assignee).toBe('me');
    expect(mountAt('/feedback?assignee=none').seen.search?.assignee).toBe('none');
    expect(mountAt('/feedback?assignee=acc-123').seen.search?.assignee).toBeNull();
    const { router, url, set } = mountAt('/feedback?status=all');
    await set({ assignee: 'me' });
    expect(url()).toBe('/feedback?status=all&assignee=me');
    await set({ assignee: 'none' });
    // Each view is its own history entry: Back returns to the previous one.
    expect(router.state.historyAction).toBe('PUSH');
    await set({ assignee: null });
    expect(url()).toBe('/feedback?status=all');
  });

  test('only real calendar days count', () => {
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2026-13-01')).toBe(false);
    expect(isDay('0000-01-01')).toBe(false);
    expect(isDay('2026-1-01')).toBe(false);
    expect(isDay(null)).toBe(false);
  });
});
