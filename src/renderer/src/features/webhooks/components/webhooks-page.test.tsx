// @vitest-environment jsdom
import '../../../testing/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { useSessionStore } from '../../../stores/session-store';
import { renderWithProviders, type RenderWithProvidersResult } from '../../../testing/render-with-providers';
import { mockWindowWidth, type WindowWidth } from '../../../testing/window-width';
import {
  fetchMock,
  NOT_SENT_ERROR,
  OWN_URL,
  SECRET,
  sent,
  serve,
  SLACK,
  SLACK_URL,
} from '../testing/fake-webhooks-api';
import { WebhooksPage } from './webhooks-page';

let rendered: RenderWithProvidersResult | undefined;
let screenWidth: WindowWidth | undefined;

function renderPage() {
  rendered = renderWithProviders(<WebhooksPage />, { path: '/webhooks' });
  return rendered;
}

const row = async (url: string) => (await screen.findByText(url)).closest('tr') as HTMLElement;

beforeEach(() => {
  sent.length = 0;
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  useSessionStore.setState({ token: 'Bearer test', user: { id: 'u1', name: 'Jane', email: 'jane@example.com' } });
});
afterEach(async () => {
  const client = rendered?.queryClient;
  if (client) await waitFor(() => expect(client.isFetching()).toBe(0));
  rendered = undefined;
  screenWidth?.restore();
  screenWidth = undefined;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('WebhooksPage', () => {
  test('lists each endpoint: URL, kind, events, widgets, and why Tellbox switched one off', async () => {
    serve();
    renderPage();
    const own = await row(OWN_URL);
    expect(within(own).getByText('Generic')).toBeInTheDocument();
    expect(within(own).getByText('New feedback, News post published')).toBeInTheDocument();
    expect(within(own).getByText('All widgets')).toBeInTheDocument();
    expect(within(own).getByText('Active')).toBeInTheDocument();

    const slack = await row(SLACK_URL);
    expect(within(slack).getByText('Slack')).toBeInTheDocument();
    expect(within(slack).getByText('New feedback')).toBeInTheDocument();
    await waitFor(() => expect(within(slack).getByText('Blog')).toBeInTheDocument());
    expect(within(slack).getByText('Disabled')).toBeInTheDocument();
    expect(within(slack).getByText(SLACK.disabledReason ?? '')).toBeInTheDocument();
  });

  test('adds an endpoint and shows its secret once, with a copy button and the warning', async () => {
    serve();
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Webhook' });
    // A button-style radio: its label takes the click.
    await user.click(within(dialog).getByText('Discord'));
    expect(within(dialog).getByRole('radio', { name: 'Discord' })).toBeChecked();
    expect(within(dialog).getByLabelText('URL')).toHaveAccessibleDescription(/Paste the webhook URL/);
    await user.type(within(dialog).getByLabelText('URL'), 'https://discord.com/api/webhooks/1/abc');
    await user.click(within(dialog).getByRole('checkbox', { name: 'News post published' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Webhook' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'POST',
      path: '/api/webhooks',
      body: {
        url: 'https://discord.com/api/webhooks/1/abc',
        kind: 'discord',
        events: ['feedback.created'],
        widgetIds: null,
        active: true,
      },
    });
    const secret = await screen.findByRole('dialog', { name: 'Webhook added: copy its signing secret' });
    expect(within(secret).getByLabelText('Signing secret')).toHaveTextContent(SECRET);
    expect(within(secret).getByText("Copy this secret now: it won't be shown again.")).toBeInTheDocument();
    await user.click(within(secret).getByRole('button', { name: 'Copy secret' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();

    await user.click(within(secret).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(document.body).not.toHaveTextContent(SECRET));
  });

  test("the form checks the shared schema's rules and sends nothing", async () => {
    serve();
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Webhook' });
    await user.type(within(dialog).getByLabelText('URL'), 'ftp://example.com');
    await user.click(within(dialog).getByRole('checkbox', { name: 'New feedback' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'News post published' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Webhook' }));
    expect(await within(dialog).findByText('Enter a URL that starts with http:// or https://')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one event')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  test('edit sends the changes, widgets chosen included', async () => {
    serve();
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Edit ${SLACK_URL}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Webhook' });
    expect(within(dialog).getByLabelText('URL')).toHaveValue(SLACK_URL);
    expect(within(dialog).getByRole('radio', { name: 'Slack' })).toBeChecked();
    expect(within(dialog).getByText(SLACK.disabledReason ?? '')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Only the widgets I choose' })).toBeChecked();
    await user.click(within(dialog).getByRole('switch', { name: 'Active' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'PUT',
      path: '/api/webhooks/h2',
      body: { url: SLACK_URL, kind: 'slack', events: ['feedback.created'], widgetIds: ['w2'], active: true },
    });
    expect(await screen.findByText('Webhook updated')).toBeInTheDocument();
  });

  test('the delivery log shows each attempt and resends one', async () => {
    serve();
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Delivery log of ${OWN_URL}` }));
    const drawer = await screen.findByRole('dialog', { name: 'Delivery log' });
    const [failed, delivered, notSent] = (await within(drawer).findAllByRole('row')).slice(1) as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(failed).getByText('No answer')).toBeInTheDocument();
    expect(within(failed).getByText('10.0 s')).toBeInTheDocument();
    expect(within(failed).getByText('The endpoint did not answer within 10 seconds')).toBeInTheDocument();
    expect(within(failed).getByText('1 minute ago')).toBeInTheDocument();
    expect(within(delivered).getByText('HTTP 200')).toBeInTheDocument();
    expect(within(delivered).getByText('132 ms')).toBeInTheDocument();
    expect(within(delivered).getByText('{"received":true}')).toBeInTheDocument();
    expect(within(delivered).getByText('Test event')).toBeInTheDocument();
    // One the server refused to queue (too many waiting) says so, and why, rather than "No answer".
    expect(within(notSent).getByText('Not sent')).toBeInTheDocument();
    expect(within(notSent).queryByText('No answer')).toBeNull();
    expect(within(notSent).getByText(NOT_SENT_ERROR)).toBeInTheDocument();

    await user.click(within(failed).getByRole('button', { name: /^Resend New feedback/ }));
    await waitFor(() =>
      expect(sent).toEqual([{ method: 'POST', path: '/api/webhooks/h1/deliveries/d2/resend', body: null }]),
    );
    expect(await screen.findByText('Delivery queued again')).toBeInTheDocument();
  });

  test('Send test queues a test event and says where it will show', async () => {
    serve();
    renderPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: `Send test event to ${OWN_URL}` }));
    await waitFor(() => expect(sent).toEqual([{ method: 'POST', path: '/api/webhooks/h1/test', body: null }]));
    expect(await screen.findByText('Test event sent')).toBeInTheDocument();
  });

  test("Send test past the account's limit shows the server's words", async () => {
    const message = 'Too many requests. Please wait a moment and try again.';
    serve({ test: { status: 429, message } });
    renderPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: `Send test event to ${OWN_URL}` }));
    const toast = (await screen.findByText('Failed to send the test event. Please try again.')).closest(
      '.ant-notification-notice',
    ) as HTMLElement;
    expect(within(toast).getByText(message)).toBeInTheDocument();
  });

  test('Rotate secret asks first, then shows the new secret once', async () => {
    serve();
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Rotate secret of ${OWN_URL}` }));
    const confirm = await screen.findByRole('dialog', { name: 'Rotate signing secret?' });
    expect(sent).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Rotate secret' }));
    await waitFor(() => expect(sent).toEqual([{ method: 'POST', path: '/api/webhooks/h1/rotate-secret', body: null }]));
    // The confirmation may linger while it animates out: the secret is found by itself.
    const secret = await screen.findByLabelText('Signing secret');
    expect(secret).toHaveTextContent(SECRET);
    expect(secret.closest('[role=dialog]')).toHaveTextContent('New signing secret');
  });

  test('Delete asks first, then deletes', async () => {
    serve();
    renderPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: `Delete ${SLACK_URL}` }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete webhook?' });
    expect(sent).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sent).toEqual([{ method: 'DELETE', path: '/api/webhooks/h2', body: null }]));
    expect(await screen.findByText('Webhook deleted')).toBeInTheDocument();
  });

  test('with no endpoint, an empty state offers the first one', async () => {
    serve({ webhooks: [] });
    renderPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Add your first webhook' }));
    expect(await screen.findByRole('dialog', { name: 'Add Webhook' })).toBeInTheDocument();
  });

  test('on the free plan an upgrade takes the place of Add Webhook', async () => {
    serve({ plan: 'free', webhooks: [] });
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Webhooks are part of the Pro and Premium plans' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Compare plans' })).toHaveAttribute('href', '/settings/billing');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Upgrade to Pro' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/checkout?plan=pro'),
    );
  });

  test('on the free plan, endpoints kept from a paid plan stay listed, with no test to send', async () => {
    serve({ plan: 'free' });
    renderPage();
    expect(
      await screen.findByText('Your webhooks below are kept, but nothing is sent to them on your current plan.'),
    ).toBeInTheDocument();
    const own = await row(OWN_URL);
    expect(within(own).getByRole('button', { name: `Delivery log of ${OWN_URL}` })).toBeInTheDocument();
    expect(within(own).queryByRole('button', { name: `Send test event to ${OWN_URL}` })).toBeNull();
  });

  test('a 403 on create (the plan changed meanwhile) says why, with the upgrade', async () => {
    const message = 'Webhooks are part of the Pro and Premium plans. Upgrade to add one.';
    serve({ create: { status: 403, message } });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Webhook' });
    await user.type(within(dialog).getByLabelText('URL'), OWN_URL);
    // Meanwhile the subscription ended: the summary now says free.
    serve({ plan: 'free', create: { status: 403, message } });
    await user.click(within(dialog).getByRole('button', { name: 'Add Webhook' }));
    const toast = (await screen.findByText('Failed to save webhook. Please try again.')).closest(
      '.ant-notification-notice',
    ) as HTMLElement;
    expect(within(toast).getByText(message)).toBeInTheDocument();
    expect(within(toast).getByRole('button', { name: 'Upgrade to Pro' })).toBeInTheDocument();
    // The screen follows the plan as it now is: the upgrade takes Add Webhook's place.
    expect(await screen.findByRole('heading', { name: /^Webhooks are part of/ })).toBeInTheDocument();
  });

  test('below 768 px each endpoint is a card with full-size actions', async () => {
    screenWidth = mockWindowWidth(375);
    serve();
    renderPage();
    const list = await screen.findByRole('list', { name: 'Webhooks' });
    const [own, slack] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(own).getByText(OWN_URL)).toBeInTheDocument();
    expect(within(slack).getByText(SLACK.disabledReason ?? '')).toBeInTheDocument();
    for (const button of within(own).getAllByRole('button')) expect(button).not.toHaveClass('ant-btn-sm');
  });
});
