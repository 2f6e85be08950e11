/**
 * The longest data an owner's lists meet in real life, seeded through the API as visitors and the
 * owner would send it: names without a space to break at, 300-character page URLs, 5000-character
 * messages, 60-character e-mails and a widget on many sites. Layout tests seed it to prove that
 * /feedback, /widgets and /news still fit the screen.
 */
import { expect } from '@playwright/test';
import type { Widget } from '../../../src/shared/api';
import { createWidget, validPost, type TestOwner } from '../../helpers/factories';
import type { Console } from './fixtures';

/** 64 characters, no space: a name pasted from a domain or a product code. */
export const LONG_WIDGET_NAME = `Storefront${'-checkout'.repeat(5)}QX${'9'.repeat(7)}`;
/** A second widget, so the inbox shows its Widget column. */
export const LONG_WIDGET_NAME_2 = `Documentation_portal_${'x'.repeat(45)}`;
export const LONG_AUTHOR = `Maximiliana${'-Wolfeschlegelstein'.repeat(3)}`;
/** 60 characters. */
export const LONG_EMAIL = `maximiliana.wolfeschlegelsteinhausen.${'x'.repeat(8)}@example.museum`;
/** 300 characters. */
export const LONG_PAGE_URL = `https://shop.example.com/${'category/subcategory/'.repeat(12)}product?ref=${'z'.repeat(11)}`;
/** 5000 characters: one long word first (a pasted token or URL), then prose. */
export const LONG_MESSAGE =
  `${'Unbreakable'.repeat(20)} ${'The checkout page forgets my address when I go back. '.repeat(100)}`.slice(0, 5000);
export const LONG_POST_TITLE = `Announcing${'_the_new_release'.repeat(11)}`;
/** Hosts a widget is installed on; the first is as long as a host gets in practice. */
export const INSTALLATION_HOSTS = [
  'a-very-long-subdomain-for-staging.eu-west.customer-portal.example.com',
  ...Array.from({ length: 9 }, (_, index) => `site-${index + 1}.example.org`),
];

/** A visitor on a phone: the browser summary's longest usual form. */
export const PHONE_BROWSER =
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36';

export interface LongData {
  widget: Widget;
  otherWidget: Widget;
}

/** Two long-named widgets, one on many sites; long feedback on each; a long-titled post. */
export async function seedLongData(tellbox: Console, owner: TestOwner): Promise<LongData> {
  const widget = await createWidget(tellbox.api, owner, { name: LONG_WIDGET_NAME });
  const otherWidget = await createWidget(tellbox.api, owner, { name: LONG_WIDGET_NAME_2 });
  for (const host of INSTALLATION_HOSTS) {
    const response = await tellbox.api.get(`/api/public/widget/${widget.key}`, {
      headers: { Origin: `https://${host}` },
    });
    expect(response.status, response.text).toBe(200);
  }
  for (const target of [widget, otherWidget]) {
    const response = await tellbox.api.post(
      `/api/public/widget/${target.key}/feedback`,
      { message: LONG_MESSAGE, pageUrl: LONG_PAGE_URL, authorName: LONG_AUTHOR, authorEmail: LONG_EMAIL },
      { headers: { Origin: `https://${INSTALLATION_HOSTS[0]}`, 'User-Agent': PHONE_BROWSER } },
    );
    expect(response.status, response.text).toBe(201);
  }
  const post = await tellbox.api.post(
    '/api/post',
    { ...validPost(widget._id), title: LONG_POST_TITLE, content: LONG_MESSAGE },
    { token: owner.token },
  );
  expect(post.status, post.text).toBe(201);
  return { widget, otherWidget };
}
