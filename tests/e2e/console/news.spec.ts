/**
 * /news end to end (docs/product.md §2, §5): posts written in the console reach the public widget API
 * (published ones only), the post limit, the widget filter, and links that are never script.
 */
import type { Locator, Page } from '@playwright/test';
import type { NewsPost, PublicPost, PublicWidgetConfig, Widget } from '../../../src/shared/api';
import { createWidget, storeLegacyLink, validPost, type TestOwner } from '../../helpers/factories';
import {
  acceptCookiesUpFront,
  expect,
  expectNoHorizontalScroll,
  expectNoImageMade,
  expectToast,
  recordDialogs,
  recordRequestPaths,
  test,
  type Console,
} from './fixtures';

const ORIGIN = 'https://shop.example.com';

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

/** The posts a visitor's widget receives on the owner's site. */
async function publicPosts(tellbox: Console, widget: Widget): Promise<PublicPost[]> {
  const response = await tellbox.api.get<PublicWidgetConfig>(`/api/public/widget/${widget.key}`, {
    headers: { Origin: ORIGIN },
  });
  expect(response.status, response.text).toBe(200);
  return response.body.posts;
}

async function createPost(tellbox: Console, owner: TestOwner, post: ReturnType<typeof validPost>) {
  const response = await tellbox.api.post<{ post: NewsPost }>('/api/post', post, { token: owner.token });
  expect(response.status, response.text).toBe(201);
  return response.body.post;
}

/** The posts' rows in the table, or their cards on a phone. */
const rows = (page: Page) => page.locator('.ant-table tbody tr.ant-table-row, .tb-list-card');

async function choose(page: Page, select: Locator, option: string) {
  await select.click();
  await page.locator(`.ant-select-item-option[title="${option}"]:visible`).click();
}

async function openCreate(page: Page) {
  await page.getByRole('button', { name: 'Create News Post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create News Post' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('create, edit and delete a post; the public widget API shows it only while published', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  const owner = await signIn({ plan: 'pro' });
  await createWidget(tellbox.api, owner, { name: 'Shop' });
  const blog = await createWidget(tellbox.api, owner, { name: 'Blog' });

  await open('/news');
  await expect(page.getByRole('heading', { level: 1, name: 'News Posts' })).toBeVisible();
  await expect(page.getByText('No news posts created yet.')).toBeVisible();

  const create = await openCreate(page);
  await choose(page, create.getByLabel('Widget'), 'Blog');
  await create.getByLabel('Title').fill('Dark mode is here');
  await create.getByLabel('Content').fill('Switch it on from your account settings.');
  // The emoji is what an owner sees and clicks; the radio behind it carries the name.
  await create.getByTitle('Rocket').click();
  await expect(create.getByRole('radio', { name: 'Rocket' })).toBeChecked();
  await expect(create.getByRole('radio', { name: 'Megaphone' })).not.toBeChecked();
  await create.getByLabel('Link (optional)').fill('https://example.com/changelog');
  await expect(create.getByRole('radio', { name: 'Published' })).toBeChecked();
  await create.getByRole('button', { name: 'Create Post' }).click();
  await expectToast(page, 'News post created');
  await expect(create).toBeHidden();

  const row = rows(page).filter({ hasText: 'Dark mode is here' });
  await expect(row).toContainText('🚀');
  await expect(row).toContainText('Published');
  await expect(row).toContainText('Blog');
  await expect(row).toContainText('just now');
  expect(await publicPosts(tellbox, blog)).toMatchObject([
    {
      title: 'Dark mode is here',
      content: 'Switch it on from your account settings.',
      icon: '🚀',
      link: 'https://example.com/changelog',
    },
  ]);

  await row.getByRole('button', { name: 'Edit Dark mode is here' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit News Post' });
  await expect(edit.getByLabel('Title')).toHaveValue('Dark mode is here');
  await expect(edit.getByRole('radio', { name: 'Rocket' })).toBeChecked();
  await edit.getByLabel('Title').fill('Dark mode, now for everyone');
  await edit.getByRole('radio', { name: 'Draft' }).check();
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'News post updated');
  const edited = rows(page).filter({ hasText: 'Dark mode, now for everyone' });
  await expect(edited).toContainText('Draft');
  // A draft is not shown to visitors.
  expect(await publicPosts(tellbox, blog)).toEqual([]);

  await edited.getByRole('button', { name: 'Edit Dark mode, now for everyone' }).click();
  await page.getByRole('dialog', { name: 'Edit News Post' }).getByRole('radio', { name: 'Published' }).check();
  await page.getByRole('dialog', { name: 'Edit News Post' }).getByRole('button', { name: 'Save Changes' }).click();
  await expect(edited).toContainText('Published');
  expect((await publicPosts(tellbox, blog)).map((post) => post.title)).toEqual(['Dark mode, now for everyone']);

  await edited.getByRole('button', { name: 'Delete Dark mode, now for everyone' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete news post' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(edited).toBeVisible();
  expect(await publicPosts(tellbox, blog)).toHaveLength(1);
  await edited.getByRole('button', { name: 'Delete Dark mode, now for everyone' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'News post deleted');
  await expect(page.getByText('No news posts created yet.')).toBeVisible();
  expect(await publicPosts(tellbox, blog)).toEqual([]);
});

test('a javascript: link is never a clickable link on /news, and nothing runs', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  const dialogs = recordDialogs(page);
  const requested = recordRequestPaths(page);
  const owner = await signIn();
  const widget = await createWidget(tellbox.api, owner);
  const post = await createPost(tellbox, owner, { ...validPost(widget._id), title: '<img src=x onerror=alert(1)>' });
  // Saved before links had to be http(s): the API refuses such a link now.
  await storeLegacyLink(tellbox.server, post._id, 'javascript:alert(1)');

  await open('/news');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText('<img src=x onerror=alert(1)>');
  const scriptLinks = page.locator('a[href^="javascript:" i], a[href*="alert(1)"]');
  await expect(scriptLinks).toHaveCount(0);

  await rows(page)
    .getByRole('button', { name: /^Edit / })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit News Post' });
  await expect(edit.getByLabel('Link (optional)')).toHaveValue('javascript:alert(1)');
  await expect(scriptLinks).toHaveCount(0);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expectNoImageMade(page, requested, 'x');
  expect(dialogs).toEqual([]);
});

test('on free, a second post this month: the limit toast with the upgrade at saving, then a disabled Create', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  const owner = await signIn();
  const widget = await createWidget(tellbox.api, owner);
  const limitText = "You've reached the maximum number of posts (1) for your Free plan.";

  // The limit is reached behind the open form's back: the 403 on save says so.
  await open('/news');
  await expect(page.getByText('No news posts created yet.')).toBeVisible();
  const create = await openCreate(page);
  // The only widget is chosen already.
  await expect(create.locator('.ant-select-content')).toHaveText(widget.name);
  await create.getByLabel('Title').fill('Second post');
  await create.getByLabel('Content').fill('This one is over the monthly limit.');
  await createPost(tellbox, owner, validPost(widget._id));
  await create.getByRole('button', { name: 'Create Post' }).click();
  await expectToast(page, 'Limit reached', limitText);
  const upgrade = page.locator('.ant-notification-notice').getByRole('button', { name: 'Upgrade to Pro' });
  await expect(upgrade).toBeVisible();

  // Known in advance: Create is disabled, with the upgrade beside it.
  await open('/news');
  await expect(rows(page)).toHaveCount(1);
  const createButton = page.getByRole('button', { name: 'Create News Post' });
  await expect(createButton).toBeDisabled();
  await expect(createButton).toHaveAccessibleDescription('Limit reached · Upgrade to Pro');
  await page.getByRole('link', { name: 'Upgrade to Pro' }).click();
  await expect(page).toHaveURL(/\/checkout\?plan=pro$/);
});

test('/news?widget=<id> lists that widget only and preselects it, disabled, in the form', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  const owner = await signIn({ plan: 'pro' });
  const shop = await createWidget(tellbox.api, owner, { name: 'Shop' });
  const blog = await createWidget(tellbox.api, owner, { name: 'Blog' });
  await createPost(tellbox, owner, { ...validPost(shop._id), title: 'Shop news' });
  await createPost(tellbox, owner, { ...validPost(blog._id), title: 'Blog news' });

  await open(`/news?widget=${blog._id}`);
  await expect(page.locator('.tb-widget-filter .ant-select-content')).toHaveText('Blog');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText('Blog news');

  const create = await openCreate(page);
  const select = create.getByLabel('Widget');
  await expect(select).toBeDisabled();
  await expect(create.locator('.ant-select-content')).toHaveText('Blog');
  await create.getByLabel('Title').fill('Only for the blog');
  await create.getByLabel('Content').fill('Posted from the filtered list.');
  await create.getByRole('button', { name: 'Create Post' }).click();
  await expectToast(page, 'News post created');
  expect((await publicPosts(tellbox, blog)).map((post) => post.title).sort()).toEqual([
    'Blog news',
    'Only for the blog',
  ]);
  expect((await publicPosts(tellbox, shop)).map((post) => post.title)).toEqual(['Shop news']);

  await choose(page, page.getByLabel('Filter by widget'), 'All widgets');
  await expect(page).toHaveURL(/\/news$/);
  await expect(rows(page)).toHaveCount(3);
});

test('without a widget, Create points to My Widgets instead of a form', async ({ page, open, signIn }) => {
  await signIn();
  await open('/news');
  await expect(page.getByText('No news posts created yet.')).toBeVisible();
  const dialog = await openCreate(page);
  await expect(dialog.getByRole('form')).toHaveCount(0);
  await dialog.getByRole('link', { name: 'Create a widget first' }).click();
  await expect(page).toHaveURL(/\/widgets$/);
});

test('/news fits 375 px and 1440 px without sideways scrolling, with the form open too', async ({
  page,
  open,
  signIn,
  tellbox,
}) => {
  const owner = await signIn();
  const widget = await createWidget(tellbox.api, owner, { name: 'A widget with a rather long name for a phone' });
  await createPost(tellbox, owner, {
    ...validPost(widget._id),
    title: 'A rather long title that would not fit on a phone screen in one line',
  });
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    await open('/news');
    await expect(rows(page)).toHaveCount(1);
    await expectNoHorizontalScroll(page, `/news at ${width} px`);
    await rows(page)
      .getByRole('button', { name: /^Edit / })
      .click();
    await expect(page.getByRole('dialog', { name: 'Edit News Post' })).toBeVisible();
    await expectNoHorizontalScroll(page, `/news edit dialog at ${width} px`);
  }
});
