/**
 * The data the fuzzer's requests point at: owners ("tenants") on the premium plan, so plan gates
 * hide nothing, each with widgets, registered sites, feedback, posts, a webhook with deliveries.
 * A tenant's pools hold its real values; `refresh` reads them again after a request may have
 * deleted some, and makes again what is missing (or a whole new owner when the old one is gone).
 */
import type {
  FeedbackListResponse,
  PostListResponse,
  WebhookDeliveryLog,
  WebhookListResponse,
  WidgetListResponse,
} from '../../src/shared/api';
import { createApiClient, type ApiClient } from '../helpers/api-client';
import { createOwner, createWidget, setPlan, validFeedback, validPost } from '../helpers/factories';
import type { TestServer } from '../helpers/start-server';
import type { PoolLookup } from './pool-ref';
import type { PoolName } from './pools';

export interface Tenant {
  id: string;
  name: string;
  email: string;
  password: string;
  token: string;
  pools: Partial<Record<PoolName, string[]>>;
}

/** A `token` string anywhere in an answer (`{ user: { token } }` after a password change). */
function tokenIn(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const own = (value as { token?: unknown }).token;
  if (typeof own === 'string') return own;
  for (const item of Object.values(value)) {
    const found = tokenIn(item);
    if (found) return found;
  }
  return undefined;
}

export interface WorldOptions {
  /** Where webhook deliveries go (a loopback receiver; the server runs with WEBHOOKS_ALLOW_PRIVATE). */
  webhookUrl: string;
}

const SITES = ['https://shop.example.com', 'https://blog.example.org'];

async function expectStatus<T>(
  label: string,
  answer: Promise<{ status: number; text: string; body: T }>,
  ...ok: number[]
) {
  const response = await answer;
  if (!ok.includes(response.status)) throw new Error(`${label}: ${response.status} ${response.text.slice(0, 300)}`);
  return response.body;
}

export function createWorld(server: TestServer, options: WorldOptions) {
  const api: ApiClient = createApiClient(server.url);
  let tenantCount = 0;

  async function addFeedback(siteKey: string, origin: string, count: number) {
    for (let i = 0; i < count; i += 1) {
      await expectStatus(
        'feedback',
        api.post(`/api/public/widget/${siteKey}/feedback`, validFeedback({ authorEmail: `visitor${i}@example.com` }), {
          headers: { Origin: origin },
        }),
        201,
      );
    }
  }

  /** Makes what a tenant should have and is missing: two widgets with sites and feedback, two posts, a webhook. */
  async function stock(tenant: Tenant) {
    const auth = { token: tenant.token };
    const widgets = await expectStatus('widgets', api.get<WidgetListResponse>('/api/widget', auth), 200);
    for (let i = widgets.widgets.length; i < 2; i += 1) await createWidget(api, tenant, { name: `Fuzz widget ${i}` });
    const { widgets: stocked } = await expectStatus('widgets', api.get<WidgetListResponse>('/api/widget', auth), 200);
    const first = stocked[0];
    if (!first) throw new Error(`${tenant.name} has no widget`);
    if (first.installationCount === 0) {
      for (const site of SITES)
        await expectStatus('site', api.get(`/api/public/widget/${first.key}`, { headers: { Origin: site } }), 200);
    }
    const webhooks = await expectStatus('webhooks', api.get<WebhookListResponse>('/api/webhooks', auth), 200);
    if (webhooks.webhooks.length === 0) {
      const body = {
        url: options.webhookUrl,
        kind: 'generic',
        events: ['feedback.created', 'post.published'],
        widgetIds: null,
        active: true,
      };
      await expectStatus('webhook', api.post('/api/webhooks', body, auth), 201);
    }
    const feedback = await expectStatus('feedback', api.get<FeedbackListResponse>('/api/feedback', auth), 200);
    if (feedback.feedbacks.length < 3) await addFeedback(first.key, SITES[0] ?? '', 3 - feedback.feedbacks.length);
    const posts = await expectStatus('posts', api.get<PostListResponse>('/api/post', auth), 200);
    for (let i = posts.posts.length; i < 2; i += 1) {
      const post = { ...validPost(first._id), status: i === 0 ? 'published' : 'draft' };
      await expectStatus('post', api.post('/api/post', post, auth), 201);
    }
  }

  /** Reads the tenant's pools from its lists. */
  async function readPools(tenant: Tenant) {
    const auth = { token: tenant.token };
    const [widgets, feedback, posts, webhooks] = await Promise.all([
      expectStatus('widgets', api.get<WidgetListResponse>('/api/widget', auth), 200),
      expectStatus('feedback', api.get<FeedbackListResponse>('/api/feedback', auth), 200),
      expectStatus('posts', api.get<PostListResponse>('/api/post', auth), 200),
      expectStatus('webhooks', api.get<WebhookListResponse>('/api/webhooks', auth), 200),
    ]);
    const deliveries: string[] = [];
    for (const webhook of webhooks.webhooks) {
      const log = await expectStatus(
        'deliveries',
        api.get<WebhookDeliveryLog>(`/api/webhooks/${webhook._id}/deliveries`, auth),
        200,
      );
      deliveries.push(...log.attempts.map((attempt) => attempt.deliveryId));
    }
    const hosts = widgets.widgets.flatMap((widget) => widget.installations.map((installation) => installation.host));
    tenant.pools = {
      ...tenant.pools,
      widget: widgets.widgets.map((widget) => widget._id),
      siteKey: widgets.widgets.map((widget) => widget.key),
      host: hosts,
      origin: hosts.map((host) => `https://${host}`),
      feedback: feedback.feedbacks.map((item) => item._id),
      post: posts.posts.map((post) => post._id),
      webhook: webhooks.webhooks.map((webhook) => webhook._id),
      delivery: deliveries,
      email: [tenant.email],
      password: [tenant.password],
      user: [tenant.id],
      url: [options.webhookUrl],
    };
  }

  async function newTenant(label: string): Promise<Tenant> {
    tenantCount += 1;
    const owner = await createOwner(server, api, { plan: 'premium', name: `Fuzz ${label} ${tenantCount}` });
    const tenant: Tenant = {
      id: owner.id,
      name: label,
      email: owner.email,
      password: owner.password,
      token: owner.token,
      pools: {},
    };
    await stock(tenant);
    await readPools(tenant);
    return tenant;
  }

  /**
   * After a request that may have removed something: a new session if the token stopped working
   * (logout), a new owner if the old one cannot log in (deleted), then whatever objects are
   * missing. A password change is followed rather than paid for with a new owner: the request's
   * `newPassword` and the answer's fresh `token`, when there are such, become the tenant's.
   */
  async function refresh(tenant: Tenant, sent?: unknown, answered?: unknown) {
    const newPassword = (sent as { newPassword?: unknown } | undefined)?.newPassword;
    if (typeof newPassword === 'string') tenant.password = newPassword;
    const token = tokenIn(answered);
    if (token) tenant.token = token;
    // A cancelled or changed subscription would leave the plan gates closed.
    await setPlan(server, tenant.email, 'premium');
    const me = await api.get('/api/user', { token: tenant.token });
    if (me.status === 401) {
      const login = await api.post<{ token: string }>('/api/auth/login', {
        email: tenant.email,
        password: tenant.password,
      });
      if (login.status === 200) tenant.token = login.body.token;
      else Object.assign(tenant, await newTenant(tenant.name));
    }
    // The tenant's data lives in its own workspace (its account's id). A deleted one is a new
    // tenant, as a deleted account is; a workspace the fuzzer made meanwhile became the default,
    // so the own one is named once to be the default again.
    const spaces = await api.get<{ workspaces?: { _id: string }[] }>('/api/workspaces', { token: tenant.token });
    if (!spaces.body.workspaces?.some((workspace) => workspace._id === tenant.id)) {
      Object.assign(tenant, await newTenant(tenant.name));
    } else {
      await api.get('/api/user/subscription', { token: tenant.token, headers: { 'Tellbox-Workspace': tenant.id } });
    }
    await readPools(tenant);
    const pools = tenant.pools;
    const missing = ['widget', 'host', 'feedback', 'post', 'webhook'].some(
      (pool) => (pools[pool as PoolName] ?? []).length === 0,
    );
    if (missing || (pools.widget ?? []).length < 2 || (pools.post ?? []).length < 2) {
      await stock(tenant);
      await readPools(tenant);
    }
  }

  /** Pool values: `own` from the tenant the request runs as, `other` from an owner it must never reach. */
  function lookup(own: Tenant, other: Tenant): PoolLookup {
    return (pool, side) => (side === 'own' ? own : other).pools[pool as PoolName] ?? [];
  }

  /** A test-mode checkout page's session id (the capability of the public completion route). */
  async function addCheckoutSession(tenant: Tenant) {
    const answer = await api.post<{ url?: string }>(
      '/api/subscription/checkout-session',
      { plan: 'pro' },
      { token: tenant.token },
    );
    const id = answer.status === 200 ? /\/test-checkout\/([^/?#]+)/.exec(answer.body.url ?? '')?.[1] : undefined;
    if (id) tenant.pools.session = [id];
  }

  return { newTenant, refresh, lookup, addCheckoutSession, api };
}

export type World = ReturnType<typeof createWorld>;
