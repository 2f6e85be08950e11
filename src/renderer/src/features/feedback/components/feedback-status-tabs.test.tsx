// @vitest-environment jsdom
import '../../../testing/setup';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test, vi } from 'vitest';
import type { FeedbackStatusCountsResponse } from '../../../../../shared/api';
import type { FeedbackStatusTab } from '../../../hooks/use-feedback-status-param';
import { FeedbackStatusTabs } from './feedback-status-tabs';

const NOT_CAPPED = { new: false, in_progress: false, resolved: false, spam: false };
const COUNTS: FeedbackStatusCountsResponse = {
  counts: { new: 4, in_progress: 2, resolved: 7, spam: 3 },
  capped: NOT_CAPPED,
};

function Harness({
  counts,
  onChange,
}: {
  counts?: FeedbackStatusCountsResponse;
  onChange?: (tab: FeedbackStatusTab) => void;
}) {
  const [tab, setTab] = useState<FeedbackStatusTab>('new');
  return (
    <FeedbackStatusTabs
      value={tab}
      onChange={(next) => {
        setTab(next);
        onChange?.(next);
      }}
      counts={counts}
      panelId="panel"
      tabId={(of) => `tab-${of}`}
    />
  );
}

describe('FeedbackStatusTabs', () => {
  test('New, In progress, Resolved, All and Spam, each with its count; All leaves spam out', () => {
    render(<Harness counts={COUNTS} />);
    expect(screen.getByRole('tablist', { name: 'Feedback by status' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'New 4',
      'In progress 2',
      'Resolved 7',
      'All 13',
      'Spam 3',
    ]);
    const selected = screen.getByRole('tab', { selected: true });
    expect(selected).toHaveAccessibleName('New 4');
    expect(selected).toHaveAttribute('aria-controls', 'panel');
  });

  test('a count the server stopped at its cap shows a plus, and so does All, which holds it', () => {
    render(
      <Harness
        counts={{
          counts: { new: 10_000, in_progress: 1_234, resolved: 7, spam: 10_000 },
          capped: { ...NOT_CAPPED, new: true, spam: true },
        }}
      />,
    );
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'New 10,000+',
      'In progress 1,234',
      'Resolved 7',
      'All 11,241+',
      'Spam 10,000+',
    ]);
  });

  test('no numbers until the counts arrive', () => {
    render(<Harness />);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'New',
      'In progress',
      'Resolved',
      'All',
      'Spam',
    ]);
  });

  test('a click chooses a tab; only the chosen one is in the Tab order', async () => {
    const onChange = vi.fn<(tab: FeedbackStatusTab) => void>();
    render(<Harness counts={COUNTS} onChange={onChange} />);
    await userEvent.setup().click(screen.getByRole('tab', { name: /^Spam/ }));
    expect(onChange).toHaveBeenCalledWith('spam');
    expect(screen.getByRole('tab', { name: /^Spam/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([-1, -1, -1, -1, 0]);
  });

  test('arrow keys move between the tabs round the ends, Home and End go to the first and last', async () => {
    const onChange = vi.fn<(tab: FeedbackStatusTab) => void>();
    render(<Harness counts={COUNTS} onChange={onChange} />);
    const user = userEvent.setup();
    screen.getByRole('tab', { name: /^New/ }).focus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: /^Spam/ })).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('tab', { name: /^In progress/ })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: /^Spam/ })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: /^New/ })).toHaveFocus();
    expect(onChange.mock.calls.map(([tab]) => tab)).toEqual(['spam', 'new', 'in_progress', 'spam', 'new']);
  });
});
