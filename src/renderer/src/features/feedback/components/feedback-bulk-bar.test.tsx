// @vitest-environment jsdom
import '../../../testing/setup';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import type { FeedbackStatus } from '../../../../../shared/feedback-status';
import type { FeedbackStatusTab } from '../../../hooks/use-feedback-status-param';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { FeedbackBulkBar } from './feedback-bulk-bar';

function renderBar(count: number, tab: FeedbackStatusTab, busy = false) {
  const onMark = vi.fn<(status: FeedbackStatus) => void>();
  const onClear = vi.fn<() => void>();
  renderWithProviders(<FeedbackBulkBar count={count} tab={tab} busy={busy} onMark={onMark} onClear={onClear} />);
  return { onMark, onClear };
}

const bar = () => screen.getByRole('toolbar', { name: 'Selected feedback' });
const buttonNames = () =>
  within(bar())
    .getAllByRole('button')
    .map((button) => button.textContent);

describe('FeedbackBulkBar', () => {
  test('nothing while nothing is selected', () => {
    renderBar(0, 'new');
    expect(screen.queryByRole('toolbar')).toBeNull();
  });

  test('says how many are selected and offers every other status, then Clear selection', () => {
    renderBar(3, 'new');
    expect(bar()).toHaveTextContent('3 selected');
    expect(buttonNames()).toEqual(['Mark in progress', 'Mark resolved', 'Mark spam', 'Clear selection']);
  });

  test('under All and in Spam: the statuses the selection can move to', () => {
    renderBar(1, 'all');
    expect(buttonNames()).toEqual(['Mark new', 'Mark in progress', 'Mark resolved', 'Mark spam', 'Clear selection']);
  });

  test('in the Spam tab spam is no change', () => {
    renderBar(2, 'spam');
    expect(buttonNames()).toEqual(['Mark new', 'Mark in progress', 'Mark resolved', 'Clear selection']);
  });

  test('a mark calls back with its status; Clear selection lets go', async () => {
    const { onMark, onClear } = renderBar(2, 'in_progress');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Mark resolved' }));
    expect(onMark).toHaveBeenCalledWith('resolved');
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(onClear).toHaveBeenCalledOnce();
  });

  test('while a change is on its way the marks wait, Clear selection does not', () => {
    renderBar(2, 'new', true);
    expect(screen.getByRole('button', { name: 'Mark spam' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Clear selection' })).toBeEnabled();
  });
});
