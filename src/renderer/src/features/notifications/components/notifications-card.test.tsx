// @vitest-environment jsdom
import '../../../testing/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { NotificationSettings } from '../../../../../shared/schemas/notifications';
import { useSessionStore } from '../../../stores/session-store';
import { widget } from '../../../testing/factories';
import { renderWithProviders, type RenderWithProvidersResult } from '../../../testing/render-with-providers';
import { NotificationsCard } from './notifications-card';

const BROWSER_ZONE = 'Asia/Tokyo';
const WIDGETS = [widget('w1', 'Shop'), widget('w2', 'Blog')];
const NEW_ACCOUNT: NotificationSettings = {
  email: { mode: 'instant', hour: 9, timeZone: 'UTC', widgetIds: null },
};

const fetchMock = vi.fn<typeof fetch>();
const sent: { method: string; path: string; body: unknown }[] = [];

/** The API as the card uses it; PUT answers what it was sent, or `putStatus` with an error body. */
function serve(saved: NotificationSettings, putStatus = 200, putError: unknown = null) {
  fetchMock.mockImplementation((input, init) => {
    const url = new URL(String(input), 'http://console.test');
    const method = init?.method ?? 'GET';
    const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));
    if (url.pathname === '/api/widget') return json({ success: true, widgets: WIDGETS });
    if (url.pathname === '/api/notifications' && method === 'GET') return json(saved);
    if (url.pathname === '/api/notifications' && method === 'PUT') {
      const body = JSON.parse(String(init?.body)) as unknown;
      sent.push({ method, path: url.pathname, body });
      return putStatus === 200 ? json(body) : json(putError, putStatus);
    }
    return json({ message: 'Not found' }, 404);
  });
}

let rendered: RenderWithProvidersResult | undefined;

async function renderCard() {
  rendered = renderWithProviders(<NotificationsCard />);
  return within(await screen.findByRole('form', { name: 'Notifications' }));
}

/** Opens an antd select by its label and clicks the option of that text. */
async function choose(select: HTMLElement, option: string) {
  fireEvent.mouseDown(select);
  const found = await waitFor(() => {
    const match = document.querySelector(`.ant-select-item-option[title="${option}"]`);
    if (!match) throw new Error(`no option ${option}`);
    return match;
  });
  fireEvent.click(found);
}

beforeEach(() => {
  sent.length = 0;
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  // The owner's browser is in Tokyo: the digest hour is read, and saved, in that zone.
  const real = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...real.call(this), timeZone: BROWSER_ZONE };
  });
  useSessionStore.setState({ token: 'Bearer test', user: { id: 'u1', name: 'Jane', email: 'jane@example.com' } });
});
afterEach(async () => {
  const client = rendered?.queryClient;
  if (client) await waitFor(() => expect(client.isFetching()).toBe(0));
  rendered = undefined;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('NotificationsCard', () => {
  test('a new account starts on Instant, each mode explained, every widget covered', async () => {
    serve(NEW_ACCOUNT);
    const card = await renderCard();
    expect(card.getByText('jane@example.com')).toBeInTheDocument();
    expect(card.getByRole('radio', { name: 'Instant' })).toBeChecked();
    expect(card.getByRole('radio', { name: 'Instant' })).toHaveAccessibleDescription(
      'An e-mail soon after new feedback arrives: at most one per widget every 10 minutes, holding everything from that time.',
    );
    expect(card.getByRole('radio', { name: 'Daily digest' })).toHaveAccessibleDescription(/at the hour you choose/);
    expect(card.getByRole('radio', { name: 'Off' })).toHaveAccessibleDescription(/No e-mails/);
    // The hour matters only to a digest.
    expect(card.queryByLabelText('Send the digest at')).toBeNull();
    expect(card.getByRole('radio', { name: 'All widgets, including ones you add later' })).toBeChecked();
    expect(card.queryByRole('combobox', { name: 'Chosen widgets' })).toBeNull();
  });

  test('shows a saved digest: its hour, the time zone it is read in, and the chosen widgets', async () => {
    serve({ email: { mode: 'daily', hour: 18, timeZone: BROWSER_ZONE, widgetIds: ['w2'] } });
    const card = await renderCard();
    expect(card.getByRole('radio', { name: 'Daily digest' })).toBeChecked();
    const hour = card.getByLabelText('Send the digest at');
    expect(hour.closest('.ant-select')).toHaveTextContent('6:00 PM');
    expect(hour).toHaveAccessibleDescription(`Your time zone: ${BROWSER_ZONE}`);
    expect(card.getByRole('radio', { name: 'Only the widgets I choose' })).toBeChecked();
    const chosen = card.getByRole('combobox', { name: 'Chosen widgets' }).closest('.ant-select') as HTMLElement;
    await waitFor(() => expect(chosen).toHaveTextContent('Blog'));
    expect(chosen).not.toHaveTextContent('Shop');
    expect(card.queryByText(/Saving sends it in/)).toBeNull();
  });

  test("saves what the owner picked, in the browser's time zone", async () => {
    serve(NEW_ACCOUNT);
    const card = await renderCard();
    const user = userEvent.setup();
    await user.click(card.getByRole('radio', { name: 'Daily digest' }));
    await choose(card.getByLabelText('Send the digest at'), '7:00 AM');
    await user.click(card.getByRole('radio', { name: 'Only the widgets I choose' }));
    await choose(card.getByRole('combobox', { name: 'Chosen widgets' }), 'Shop');
    await user.click(card.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'PUT',
      path: '/api/notifications',
      body: { email: { mode: 'daily', hour: 7, timeZone: BROWSER_ZONE, widgetIds: ['w1'] } },
    });
    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
  });

  test('a digest set up in another time zone says it moves to this one, and Save moves it', async () => {
    serve({ email: { mode: 'daily', hour: 8, timeZone: 'Europe/Paris', widgetIds: null } });
    const card = await renderCard();
    expect(
      card.getByText(`Your digest was set in Europe/Paris. Saving sends it in ${BROWSER_ZONE} instead.`),
    ).toBeInTheDocument();
    await userEvent.setup().click(card.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({ email: { mode: 'daily', hour: 8, timeZone: BROWSER_ZONE, widgetIds: null } });
  });

  test('Off sends no hour question and keeps the widgets chosen before', async () => {
    serve({ email: { mode: 'instant', hour: 9, timeZone: 'UTC', widgetIds: ['w1', 'w2'] } });
    const card = await renderCard();
    const user = userEvent.setup();
    await user.click(card.getByRole('radio', { name: 'Off' }));
    expect(card.queryByLabelText('Send the digest at')).toBeNull();
    expect(card.queryByRole('group', { name: 'Widgets' })).toBeNull();
    await user.click(card.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({ email: { mode: 'off', hour: 9, timeZone: BROWSER_ZONE, widgetIds: ['w1', 'w2'] } });
  });

  test("a widget the server refuses is named under the widgets, with the failure's toast", async () => {
    const message = 'Choose only your own widgets: one of the widgets chosen does not exist';
    serve({ email: { mode: 'instant', hour: 9, timeZone: 'UTC', widgetIds: ['w1'] } }, 400, {
      message,
      issues: [{ path: 'email.widgetIds.0', message }],
    });
    const card = await renderCard();
    await userEvent.setup().click(card.getByRole('button', { name: 'Save' }));
    expect(await card.findByText(message)).toBeInTheDocument();
    expect(await screen.findByText('Failed to save notification settings. Please try again.')).toBeInTheDocument();
  });
});
