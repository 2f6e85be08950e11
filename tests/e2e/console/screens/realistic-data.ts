/**
 * An account that looks like a busy owner's, with the data that breaks layouts: a widget name of
 * 100 characters, another without a space to break at, page URLs of 300 characters, messages of
 * 5000, long author names and e-mail addresses, news titles of 200 characters, and real user
 * agents from phones and desktops. Everything goes through the public and owner APIs.
 */
import type { FeedbackListResponse, Widget } from '../../../../src/shared/api';
import type { FeedbackStatus } from '../../../../src/shared/feedback-status';
import {
  MAX_FEEDBACK_MESSAGE_LENGTH,
  MAX_POST_TITLE_LENGTH,
  MAX_WIDGET_NAME_LENGTH,
} from '../../../../src/shared/limits';
import { createWidget, type TestOwner } from '../../../helpers/factories';
import type { Console } from '../fixtures';
import { seedWebhooks } from './realistic-webhooks';

const USER_AGENTS = [
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
];

/** A sentence repeated up to `length` characters. */
function prose(length: number, seed: string): string {
  const sentence = `${seed} The checkout button on the shipping step moved below the fold after the last update, and on my phone I had to zoom out to find it. `;
  return sentence
    .repeat(Math.ceil(length / sentence.length))
    .slice(0, length)
    .trim();
}

const LONG_WIDGET_NAME =
  `Northwind Outfitters — Spring and Summer Collection Storefront, European Union Shipping ${'x'.repeat(100)}`.slice(
    0,
    MAX_WIDGET_NAME_LENGTH,
  );
const UNBROKEN_WIDGET_NAME = 'NorthwindOutfittersCustomerSupportPortalWidgetForEveryRegion';

function longUrl(host: string): string {
  const base = `https://${host}/collections/spring-summer/outdoor-equipment/tents-and-shelters/ultralight-two-person-backpacking-tent-with-vestibule`;
  const query =
    '?utm_source=newsletter&utm_medium=email&utm_campaign=spring_launch_2026&variant=green-olive&size=two-person&ref=';
  return `${base}${query}`.padEnd(300, 'abcdefghij');
}

async function sendFeedback(
  tellbox: Console,
  widget: Widget,
  origin: string,
  index: number,
  fields: Record<string, unknown>,
) {
  const response = await tellbox.api.post(
    `/api/public/widget/${widget.key}/feedback`,
    { pageUrl: `${origin}/pricing`, ...fields },
    { headers: { Origin: origin, 'User-Agent': USER_AGENTS[index % USER_AGENTS.length]! } },
  );
  if (response.status !== 201) throw new Error(`feedback failed: ${response.status} ${response.text}`);
}

/**
 * Triage as a busy owner leaves it: an entry per status, found by how its message starts (through
 * `request`, which every version of the test client has).
 */
async function triage(tellbox: Console, owner: TestOwner, statuses: [messageStart: string, FeedbackStatus][]) {
  const listed = await tellbox.api.get<FeedbackListResponse>('/api/feedback?status=all&limit=100', {
    token: owner.token,
  });
  for (const [messageStart, status] of statuses) {
    const entry = listed.body.feedbacks.find((item) => item.message.startsWith(messageStart));
    if (!entry) throw new Error(`no feedback starting "${messageStart}"`);
    const response = await tellbox.api.request(
      'PATCH',
      `/api/feedback/${entry._id}`,
      { status },
      { token: owner.token },
    );
    if (response.status !== 200) throw new Error(`status failed: ${response.status} ${response.text}`);
  }
}

export interface RealisticAccount {
  widgets: Widget[];
}

/** Fills `owner`'s account (on a plan with room for three widgets). */
export async function seedRealisticAccount(tellbox: Console, owner: TestOwner): Promise<RealisticAccount> {
  const shop = await createWidget(tellbox.api, owner, { name: LONG_WIDGET_NAME });
  const portal = await createWidget(tellbox.api, owner, { name: UNBROKEN_WIDGET_NAME, position: 'bottom-left' });
  const blog = await createWidget(tellbox.api, owner, { name: 'Blog', primaryColor: '#9333EA' });

  const shopOrigin = 'https://shop.northwind-outfitters-international.example.com';
  const feedback: [Widget, string, Record<string, unknown>][] = [
    [
      shop,
      shopOrigin,
      {
        message: prose(MAX_FEEDBACK_MESSAGE_LENGTH, 'Long story.'),
        pageUrl: longUrl('shop.northwind-outfitters-international.example.com'),
      },
    ],
    [
      shop,
      shopOrigin,
      {
        message: 'Wishlist: let me save items without an account, please!',
        authorName: 'Maximiliane Alexandra von Hohenzollern-Sigmaringen',
        authorEmail: 'maximiliane.alexandra.von.hohenzollern-sigmaringen@example.com',
      },
    ],
    [
      portal,
      'https://support.northwind.example.com',
      { message: 'Search could not find "return label".', pageUrl: longUrl('support.northwind.example.com') },
    ],
    [
      portal,
      'https://support.northwind.example.com',
      { message: 'SuperLongWordWithoutAnySpacesThatAVisitorPastedFromSomewhereAndThatShouldWrap'.repeat(3) },
    ],
    [blog, 'https://blog.example.org', { message: 'Great post about packing lists 🎒', authorName: 'Sam' }],
    [blog, 'https://blog.example.org', { message: prose(600, 'Typo report.') }],
    [
      blog,
      'https://blog.example.org',
      { message: 'Buy 10,000 real followers today!!! Visit our site for the best prices', authorName: 'Promo Bot' },
    ],
  ];
  for (const [index, [widget, origin, fields]] of feedback.entries())
    await sendFeedback(tellbox, widget, origin, index, fields);
  await triage(tellbox, owner, [
    ['Search could not find', 'in_progress'],
    ['Typo report.', 'resolved'],
    ['Buy 10,000 real followers', 'spam'],
  ]);

  const posts = [
    {
      widgetId: shop._id,
      title: `Spring collection is live: ${'new tents, packs and stoves for every trail '.repeat(6)}`.slice(
        0,
        MAX_POST_TITLE_LENGTH,
      ),
      icon: '🚀',
      status: 'published',
    },
    { widgetId: portal._id, title: 'Returns now take five days instead of ten', icon: '🛠️', status: 'draft' },
    { widgetId: blog._id, title: 'Dark mode for the blog', icon: '✨', status: 'published' },
  ];
  for (const post of posts) {
    const response = await tellbox.api.post(
      '/api/post',
      {
        ...post,
        content: prose(400, 'What changed.'),
        link: longUrl('shop.northwind-outfitters-international.example.com'),
      },
      { token: owner.token },
    );
    if (response.status !== 201) throw new Error(`post failed: ${response.status} ${response.text}`);
  }
  await seedWebhooks(tellbox, owner, [shop, portal, blog]);
  return { widgets: [shop, portal, blog] };
}
