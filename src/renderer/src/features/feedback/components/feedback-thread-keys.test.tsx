// @vitest-environment jsdom
import '../../../testing/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { useSessionStore } from '../../../stores/session-store';
import { mockWindowWidth, type WindowWidth } from '../../../testing/window-width';
import { renderWithProviders, type RenderWithProvidersResult } from '../../../testing/render-with-providers';
import { fakeInbox, feedbackItem, type FakeInbox } from '../testing/fake-inbox';
import { fakeThread } from '../testing/fake-thread';
import { FeedbackPage } from './feedback-page';

let inbox: FakeInbox;
let rendered: RenderWithProvidersResult | undefined;

const dialog = () => screen.getByRole('region', { name: 'Feedback details' });
const shown = () => dialog().querySelector('.tb-details-message')?.textContent;
/** Status changes the page sent (PATCH one entry, POST a selection). */
const statusChanges = () =>
  inbox.requests.filter(({ init, url }) => init?.method === 'PATCH' || url.pathname === '/api/feedback/bulk');

/**
 * Narrower than the split view: the keys move a focus through the list, and an entry, once opened,
 * has the screen (the split view's own keys are in tests/e2e/console/inbox.spec.ts).
 */
let window800: WindowWidth | undefined;

beforeEach(() => {
  window800 = mockWindowWidth(800);
  useSessionStore.setState({ token: 'Bearer test', user: { id: 'u1', name: 'Jane', email: 'jane@example.com' } });
  const items = ['f1', 'f2', 'f3'].map((id) =>
    feedbackItem(id, `Message ${id}`, { authorEmail: `${id}@customer.example` }),
  );
  inbox = fakeInbox(items);
  vi.stubGlobal('fetch', fakeThread(items, inbox.fetch).fetch);
});
afterEach(async () => {
  window800?.restore();
  const client = rendered?.queryClient;
  if (client) await waitFor(() => expect(client.isFetching() + client.isMutating()).toBe(0));
  rendered = undefined;
  vi.unstubAllGlobals();
});

describe('typing in the thread’s fields', () => {
  test('the triage keys are text there: nothing is marked and the details stay on their entry', async () => {
    rendered = renderWithProviders(<FeedbackPage />, { route: '/feedback/:feedbackId?', path: '/feedback' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: /Author f2\b/ }));
    const reply = await within(dialog()).findByRole('textbox', { name: 'Your reply' });
    const note = within(dialog()).getByRole('textbox', { name: 'New note' });

    // Every key that triages in the details: e, s, j, k and the arrows.
    await user.type(reply, 'jest sketches{ArrowLeft}{ArrowRight}');
    await user.type(note, 'keys: e s j k{ArrowLeft}');
    expect(reply).toHaveValue('jest sketches');
    expect(note).toHaveValue('keys: e s j k');
    expect(shown()).toBe('Message f2');
    expect(statusChanges()).toEqual([]);

    // Outside the fields the same keys still triage: the check above can fail.
    fireEvent.keyDown(dialog(), { key: 'j', bubbles: true, cancelable: true });
    expect(shown()).toBe('Message f3');
  });
});
