/**
 * Accounts and widgets for tests that are not about sign-up itself. Accounts are registered
 * through the API; only the e-mail confirmation and the plan are set in the database (the
 * confirmation mail is covered by the accounts suite, billing by its own issue).
 */
import type { LoginResponse, Widget } from '../../src/shared/api';
import type { PlanId } from '../../src/shared/plans';
import { grantPlan } from '../../server/modules/plans/plans.service';
import type { WidgetInput } from '../../src/shared/schemas';
import type { ApiClient } from './api-client';
import type { TestServer } from './start-server';

export interface TestOwner {
  id: string;
  name: string;
  email: string;
  password: string;
  token: string;
}

let sequence = 0;

export function uniqueEmail(prefix = 'owner'): string {
  sequence += 1;
  return `${prefix}-${process.pid}-${sequence}-${Date.now()}@example.com`;
}

/** Registers, confirms and logs in an owner; optionally puts the account on a paid plan. */
export async function createOwner(
  server: TestServer,
  api: ApiClient,
  options: { plan?: PlanId; name?: string; email?: string; password?: string } = {},
): Promise<TestOwner> {
  const name = options.name ?? 'Test Owner';
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? 'correct horse battery';
  const registered = await api.post('/api/auth/register', { name, email, password });
  if (registered.status !== 201) throw new Error(`register failed: ${registered.status} ${registered.text}`);
  await server.db
    .updateTable('users')
    .set({ email_confirmed_at: new Date().toISOString() })
    .where('email', '=', email)
    .execute();
  if (options.plan && options.plan !== 'free') await setPlan(server, email, options.plan);
  const login = await api.post<LoginResponse>('/api/auth/login', { email, password });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  return { id: login.body.id, name, email, password, token: login.body.token };
}

/**
 * Puts an account's own workspace on a plan for a month from the test clock's now (or the given
 * end), as `npm run admin -- set-plan` grants one; nothing for an account deleted meanwhile.
 */
export async function setPlan(server: TestServer, email: string, plan: PlanId, expiresAt?: Date) {
  const end = expiresAt ?? new Date(server.clock.now().getTime() + 30 * 24 * 60 * 60 * 1000);
  const account = await server.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  // A deleted account has no workspace left to put on a plan.
  if (!account) return;
  await grantPlan(server.db, {
    workspaceId: account.id,
    plan,
    expiresAt: end.toISOString(),
    now: server.clock.now().toISOString(),
  });
}

export const VALID_WIDGET: WidgetInput = {
  name: 'Main site',
  position: 'bottom-right',
  primaryColor: '#3B82F6',
  enableFeedback: true,
  enableNews: true,
};

export async function createWidget(api: ApiClient, owner: TestOwner, overrides: Partial<WidgetInput> = {}) {
  const response = await api.post<{ widget: Widget }>(
    '/api/widget',
    { ...VALID_WIDGET, ...overrides },
    { token: owner.token },
  );
  if (response.status !== 201) throw new Error(`create widget failed: ${response.status} ${response.text}`);
  return response.body.widget;
}

export function validPost(widgetId: string) {
  return {
    widgetId,
    title: 'We shipped dark mode',
    content: 'Dark mode is here for everyone. Try it from the settings.',
    icon: '🚀',
    link: 'https://example.com/changelog',
    status: 'published',
  };
}

/**
 * Writes a post's link straight into the database, as posts saved before links had to be http(s)
 * may hold one (`javascript:…`, plain words): the API no longer accepts such a link.
 */
export async function storeLegacyLink(server: Pick<TestServer, 'db'>, postId: string, link: string) {
  await server.db.updateTable('posts').set({ link }).where('id', '=', postId).execute();
}

export function validFeedback(overrides: Record<string, unknown> = {}) {
  return { message: 'Love the new pricing page!', pageUrl: 'https://shop.example.com/pricing', ...overrides };
}
