// @vitest-environment jsdom
import '../../../testing/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { useSessionStore } from '../../../stores/session-store';
import { mockWindowWidth, type WindowWidth } from '../../../testing/window-width';
import { renderWithProviders, type RenderWithProvidersResult } from '../../../testing/render-with-providers';
import { fakeInbox, feedbackItem, type FakeInbox } from '../testing/fake-inbox';
import { FeedbackPage } from './feedback-page';

let server: FakeInbox;
let rendered: RenderWithProvidersResult | undefined;

function serve(count: number) {
  const items = Array.from({ length: count }, (_, index) => feedbackItem(`f${index + 1}`, `Message ${index + 1}`));
  server = fakeInbox(items);
  vi.stubGlobal('fetch', server.fetch);
}
function renderPage(path = '/feedback') {
  rendered = renderWithProviders(<FeedbackPage />, { route: '/feedback/:feedbackId?', path });
  return rendered;
}

const dialog = () => screen.getByRole('region', { name: 'Feedback details' });
const shown = () => dialog().querySelector('.tb-details-message')?.textContent;
const nextButton = () => within(dialog()).getByRole('button', { name: 'Next feedback' });
const previousButton = () => within(dialog()).getByRole('button', { name: 'Previous feedback' });
const position = () => dialog().querySelector('.tb-details-position')?.textContent;
/** A key pressed in the dialog, as the browser sends it to the page. */
const press = (key: string) => fireEvent.keyDown(dialog(), { key, bubbles: true, cancelable: true });

async function openDetails(n: number) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('link', { name: new RegExp(`Author f${n}\\b`) }));
  await screen.findByRole('region', { name: 'Feedback details' });
  return user;
}

/**
 * Narrower than the split view: the keys move a focus through the list, and an entry, once opened,
 * has the screen (the split view's own keys are in tests/e2e/console/inbox.spec.ts).
 */
let window800: WindowWidth | undefined;

beforeEach(() => {
  window800 = mockWindowWidth(800);
  useSessionStore.setState({ token: 'Bearer test', user: { id: 'u1', name: 'Jane', email: 'jane@example.com' } });
});
afterEach(async () => {
  window800?.restore();
  const client = rendered?.queryClient;
  if (client) await waitFor(() => expect(client.isFetching() + client.isMutating()).toBe(0));
  rendered = undefined;
  vi.unstubAllGlobals();
});

describe('walking the list in the details', () => {
  test('Next and Previous go to the neighbours, say where the owner is, and stop at the ends', async () => {
    serve(3);
    renderPage();
    const user = await openDetails(1);
    expect(shown()).toBe('Message 1');
    await waitFor(() => expect(position()).toBe('1 of 3'));
    expect(previousButton()).toBeDisabled();

    await user.click(nextButton());
    expect(shown()).toBe('Message 2');
    expect(position()).toBe('2 of 3');
    await user.click(nextButton());
    expect(shown()).toBe('Message 3');
    expect(nextButton()).toBeDisabled();
    // The focus was on Next, now disabled: it moves to Previous rather than out of the dialog.
    await waitFor(() => expect(previousButton()).toHaveFocus());
    await user.click(previousButton());
    expect(shown()).toBe('Message 2');
    await user.click(previousButton());
    expect(shown()).toBe('Message 1');
    // And back the other way at the start.
    await waitFor(() => expect(nextButton()).toHaveFocus());
  });

  test('j and k, and the arrow keys, walk while the details are open', async () => {
    serve(3);
    renderPage();
    await openDetails(2);
    press('j');
    expect(shown()).toBe('Message 3');
    press('j');
    expect(shown()).toBe('Message 3');
    press('ArrowLeft');
    press('k');
    expect(shown()).toBe('Message 1');
    press('ArrowRight');
    expect(shown()).toBe('Message 2');
  });

  test('past the last row of a page the next page is loaded, and Previous comes back across it', async () => {
    serve(22);
    renderPage();
    const user = await openDetails(20);
    await waitFor(() => expect(position()).toBe('20 of 22'));
    await user.click(nextButton());
    await waitFor(() => expect(shown()).toBe('Message 21'));
    expect(position()).toBe('21 of 22');
    expect(server.asked('/api/feedback').at(-1)?.searchParams.get('cursor')).toBe('20');
    // The list behind the dialog is on that page too.
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    press('j');
    expect(shown()).toBe('Message 22');
    expect(nextButton()).toBeDisabled();

    press('k');
    press('k');
    await waitFor(() => expect(shown()).toBe('Message 20'));
    expect(position()).toBe('20 of 22');
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    expect(previousButton()).toBeEnabled();
  });

  test('an entry marked out of the tab in the details: Next goes to the one that took its place', async () => {
    serve(3);
    renderPage();
    await openDetails(1);
    press('e');
    await waitFor(() => expect(server.items()[0]?.status).toBe('resolved'));
    expect(shown()).toBe('Message 1');
    press('j');
    expect(shown()).toBe('Message 2');
    press('j');
    expect(shown()).toBe('Message 3');
  });

  test('closing the details leaves the keyboard on the row last shown', async () => {
    serve(3);
    renderPage();
    await screen.findByText('Message 1');
    const user = userEvent.setup();
    await user.keyboard('j{Enter}');
    await screen.findByRole('region', { name: 'Feedback details' });
    press('j');
    press('j');
    expect(shown()).toBe('Message 3');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.querySelector('[data-row-key="f3"]')).toHaveFocus());
    expect(document.querySelector('[aria-current="true"]')).toHaveAttribute('data-row-key', 'f3');
  });
});
