// @vitest-environment jsdom
import '../../../testing/setup';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { SupportPage } from './support-page';

// In accordion mode antd gives each question the role of a tab.
const question = (name: string) => screen.getByRole('tab', { name });

describe('SupportPage', () => {
  test('search narrows the questions and shows the empty state when nothing matches', async () => {
    renderWithProviders(<SupportPage />);
    const search = screen.getByLabelText('Search FAQs');
    await userEvent.type(search, 'cancel');
    expect(question('What happens to my data if I cancel?')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Is the feedback anonymous?' })).toBeNull();

    await userEvent.clear(search);
    await userEvent.type(search, 'zzzz nothing');
    expect(screen.getByText('No FAQs found matching your search')).toBeInTheDocument();
  });

  test('one answer is open at a time, and a second click closes it', async () => {
    renderWithProviders(<SupportPage />);
    const first = question('How do I install the widget on my site?');
    const second = question('Is the feedback anonymous?');
    await userEvent.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(second);
    await waitFor(() => expect(second).toHaveAttribute('aria-expanded', 'false'));
  });

  test('offers e-mail support with the reply promise', () => {
    renderWithProviders(<SupportPage />);
    expect(screen.getByRole('link', { name: 'support@tellbox.app' })).toHaveAttribute(
      'href',
      'mailto:support@tellbox.app',
    );
    expect(screen.getByText('We reply within 24 hours.')).toBeInTheDocument();
  });
});
