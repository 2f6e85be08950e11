/**
 * A stand-in for Stripe's API on loopback, for the real `stripe` SDK (the app points it here with
 * STRIPE_API_URL). It parses Stripe's form-encoded bodies, records every request, keeps customers,
 * checkout sessions and subscriptions in memory, replays answers by `Idempotency-Key` as Stripe
 * does, and can be told to fail. It also builds signed webhook deliveries with the SDK's own
 * `generateTestHeaderString`, so the app verifies them exactly as it would Stripe's.
 */
import { randomBytes } from 'node:crypto';
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

export interface RecordedRequest {
  method: string;
  path: string;
  query: string;
  body: FormObject;
  rawBody: string;
  headers: IncomingHttpHeaders;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

export interface MockSubscription {
  id: string;
  object: 'subscription';
  status: string;
  customer: string;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  ended_at: number | null;
  created: number;
  currency: string;
  livemode: false;
  metadata: Record<string, string>;
  items: {
    object: 'list';
    data: {
      id: string;
      object: 'subscription_item';
      subscription: string;
      quantity: number;
      price: { id: string; object: 'price'; currency: string; recurring: { interval: 'month' } };
      current_period_start: number;
      current_period_end: number;
    }[];
    has_more: false;
    url: string;
  };
}

export interface SubscriptionInput {
  id?: string;
  customer?: string;
  status?: string;
  price?: string;
  cancelAtPeriodEnd?: boolean;
  /** End of the current period, unix seconds. */
  periodEnd?: number;
  metadata?: Record<string, string>;
}

export interface FailureRule {
  method: string;
  path: string | RegExp;
  status?: number;
  /** How many matching requests fail; 1 unless told. */
  times?: number;
  /** `stripe-should-retry`: false (the SDK gives up at once) unless told. */
  retryable?: boolean;
  /** Do the work (and keep it for idempotent replay), then answer the error: a lost answer. */
  afterProcessing?: boolean;
}

export const unixNow = () => Math.floor(Date.now() / 1000);
export const DAY_SECONDS = 24 * 60 * 60;
const hex = (bytes = 8) => randomBytes(bytes).toString('hex');
const matches = (pattern: string | RegExp, path: string) =>
  typeof pattern === 'string' ? pattern === path : pattern.test(path);

/** Splits `line_items[0][price]` into `['line_items', '0', 'price']`. */
function keyPath(key: string): string[] {
  const head = key.split('[', 1)[0] ?? key;
  const rest = [...key.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((match) => match[1] ?? '');
  return [head, ...rest];
}

/** Objects whose keys are 0..n-1 become arrays, as Stripe reads `items[0][id]`. */
function withArrays(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted: FormObject = {};
  for (const key of keys) converted[key] = withArrays(value[key] as FormValue);
  const isList = keys.length > 0 && keys.every((key, index) => key === String(index));
  return isList ? keys.map((key) => converted[key] as FormValue) : converted;
}

/** Parses a form-encoded Stripe request body (or query string) into nested objects and arrays. */
export function parseStripeForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = keyPath(key);
    if (path.some((part) => part === '__proto__' || part === 'constructor' || part === 'prototype')) continue;
    let node: FormObject = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        node[part] = value;
        return;
      }
      const next = node[part];
      if (typeof next !== 'object' || next === null || Array.isArray(next)) node[part] = {};
      node = node[part] as FormObject;
    });
  }
  return withArrays(root) as FormObject;
}

function stripeError(status: number, message: string, extra: Record<string, string> = {}) {
  const type = status >= 500 ? 'api_error' : status === 401 ? 'authentication_error' : 'invalid_request_error';
  return { status, body: { error: { type, message, ...extra } } };
}

/** Stripe names the refused key in its 401, masked but for its prefix and last four characters. */
function invalidKeyError(authorization: string | undefined) {
  const key = authorization?.replace(/^Bearer\s+/i, '') ?? '';
  const prefix = /^(?:sk|rk)_(?:test|live)_/.exec(key)?.[0] ?? '';
  const masked = `${prefix}${'*'.repeat(Math.max(0, key.length - prefix.length - 4))}${key.slice(-4)}`;
  return stripeError(401, `Invalid API Key provided: ${masked}`);
}

/** A request whose answer is held back: computed when it arrives, sent on `release()`. */
export interface HeldAnswer {
  /** Resolves once a matching request has arrived (its answer is then fixed). */
  arrived: Promise<RecordedRequest>;
  /** Sends the held answer (until then the request waits, or the client gives up on it). */
  release(): void;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

/** A Price as the stand-in knows it: what a month costs and the product's name on invoice lines. */
export interface MockPrice {
  amount: number;
  product: string;
}

/** An invoice line as Stripe writes it (API 2025-03-31 and later: `parent`, `pricing`). */
function invoiceLine(input: {
  subscription: MockSubscription;
  price: string;
  amount: number;
  proration: boolean;
  description: string;
  start: number;
  end: number;
}) {
  const item = input.subscription.items.data[0];
  return {
    id: `il_tmp_${hex()}`,
    object: 'line_item',
    amount: input.amount,
    currency: 'usd',
    description: input.description,
    discount_amounts: [],
    discountable: !input.proration,
    discounts: [],
    invoice: null,
    livemode: false,
    metadata: {},
    parent: {
      type: 'subscription_item_details',
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: input.proration ? `ii_${hex()}` : null,
        proration: input.proration,
        proration_details: { credited_items: null },
        subscription: input.subscription.id,
        subscription_item: item?.id ?? null,
      },
    },
    period: { start: input.start, end: input.end },
    pretax_credit_amounts: [],
    pricing: {
      type: 'price_details',
      price_details: { price: input.price, product: `prod_${input.price}` },
      unit_amount_decimal: null,
    },
    quantity: 1,
    subtotal: input.amount,
    taxes: [],
  };
}

const dayText = (unix: number) =>
  new Date(unix * 1000).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

export async function startStripeMock(options: { secretKey: string; prices?: Record<string, MockPrice> }) {
  const prices = options.prices ?? {};
  const requests: RecordedRequest[] = [];
  const customers = new Map<string, Record<string, unknown>>();
  const sessions = new Map<string, Record<string, unknown> & { id: string; url: string }>();
  const subscriptions = new Map<string, MockSubscription>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const failures: (FailureRule & { left: number })[] = [];
  const holds: {
    method: string;
    path: string | RegExp;
    left: number;
    arrive: (request: RecordedRequest) => void;
    released: Promise<void>;
  }[] = [];
  let beforeRespond: ((request: RecordedRequest) => Promise<void> | void) | undefined;

  function setSubscription(input: SubscriptionInput): MockSubscription {
    const existing = input.id ? subscriptions.get(input.id) : undefined;
    const id = input.id ?? `sub_${hex()}`;
    const now = unixNow();
    const item = existing?.items.data[0];
    const periodEnd = input.periodEnd ?? item?.current_period_end ?? now + 30 * DAY_SECONDS;
    const status = input.status ?? existing?.status ?? 'active';
    const subscription: MockSubscription = {
      id,
      object: 'subscription',
      status,
      customer: input.customer ?? existing?.customer ?? `cus_${hex()}`,
      cancel_at_period_end: input.cancelAtPeriodEnd ?? existing?.cancel_at_period_end ?? false,
      canceled_at: status === 'canceled' ? (existing?.canceled_at ?? now) : (existing?.canceled_at ?? null),
      ended_at: status === 'canceled' ? (existing?.ended_at ?? now) : null,
      created: existing?.created ?? now,
      currency: 'usd',
      livemode: false,
      metadata: input.metadata ?? existing?.metadata ?? {},
      items: {
        object: 'list',
        data: [
          {
            id: item?.id ?? `si_${hex()}`,
            object: 'subscription_item',
            subscription: id,
            quantity: 1,
            price: {
              id: input.price ?? item?.price.id ?? 'price_unknown',
              object: 'price',
              currency: 'usd',
              recurring: { interval: 'month' },
            },
            current_period_start: periodEnd - 30 * DAY_SECONDS,
            current_period_end: periodEnd,
          },
        ],
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
      },
    };
    subscriptions.set(id, subscription);
    return subscription;
  }

  /**
   * `POST /v1/invoices/create_preview` for an existing subscription, as Stripe answers it: the
   * next invoice with the change in `subscription_details` applied; prorations (by the second,
   * from `proration_date`) are credits for the old Price and charges for the new one.
   */
  function previewInvoice(body: FormObject): { status: number; body: unknown } {
    const id = typeof body.subscription === 'string' ? body.subscription : '';
    const subscription = subscriptions.get(id);
    if (!subscription)
      return stripeError(400, `No such subscription: '${id}'`, { code: 'resource_missing', param: 'subscription' });
    const details = (body.subscription_details ?? {}) as FormObject;
    const items = Array.isArray(details.items) ? (details.items as FormObject[]) : [];
    const item = subscription.items.data[0];
    if (!item) return stripeError(400, 'The subscription has no items.');
    const cancels =
      details.cancel_at_period_end === undefined
        ? subscription.cancel_at_period_end
        : details.cancel_at_period_end === 'true';
    if (cancels || subscription.status === 'canceled') {
      return stripeError(400, 'No upcoming invoices for customer.', { code: 'invoice_upcoming_none' });
    }
    const oldPrice = item.price.id;
    const newPrice = typeof items[0]?.price === 'string' ? items[0].price : oldPrice;
    const priceOf = (priceId: string) => prices[priceId] ?? { amount: 0, product: priceId };
    const start = item.current_period_start;
    const end = item.current_period_end;
    const at = typeof details.proration_date === 'string' ? Number(details.proration_date) : unixNow();
    if (at < start || at > end) {
      return stripeError(400, 'The proration_date must be within the current period.', {
        param: 'subscription_details[proration_date]',
      });
    }
    const share = (amount: number) => Math.round((amount * (end - at)) / (end - start));
    const prorates = newPrice !== oldPrice && details.proration_behavior !== 'none';
    const line = (price: string, amount: number, proration: boolean, description: string, from: number, to: number) =>
      invoiceLine({ subscription, price, amount, proration, description, start: from, end: to });
    const lines = [
      ...(prorates
        ? [
            line(
              oldPrice,
              -share(priceOf(oldPrice).amount),
              true,
              `Unused time on ${priceOf(oldPrice).product} after ${dayText(at)}`,
              at,
              end,
            ),
            line(
              newPrice,
              share(priceOf(newPrice).amount),
              true,
              `Remaining time on ${priceOf(newPrice).product} after ${dayText(at)}`,
              at,
              end,
            ),
          ]
        : []),
      line(
        newPrice,
        priceOf(newPrice).amount,
        false,
        `1 × ${priceOf(newPrice).product} (at $${(priceOf(newPrice).amount / 100).toFixed(2)} / month)`,
        end,
        end + 30 * DAY_SECONDS,
      ),
    ];
    const total = lines.reduce((sum, each) => sum + each.amount, 0);
    return {
      status: 200,
      body: {
        id: `upcoming_in_${hex()}`,
        object: 'invoice',
        amount_due: Math.max(0, total),
        amount_paid: 0,
        amount_remaining: Math.max(0, total),
        billing_reason: 'upcoming',
        created: unixNow(),
        currency: 'usd',
        customer: subscription.customer,
        lines: { object: 'list', data: lines, has_more: false, url: '/v1/invoices/upcoming/lines' },
        livemode: false,
        next_payment_attempt: end + 60 * 60,
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
        },
        period_start: start,
        period_end: end,
        starting_balance: 0,
        status: 'draft',
        subtotal: total,
        total,
      },
    };
  }

  function route(method: string, path: string, body: FormObject): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: `cus_${hex()}`,
        object: 'customer',
        created: unixNow(),
        email: body.email ?? null,
        name: body.name ?? null,
        metadata: body.metadata ?? {},
        livemode: false,
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = `cs_test_${hex(12)}`;
      const session = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        mode: body.mode,
        status: 'open',
        payment_status: 'unpaid',
        customer: body.customer ?? null,
        client_reference_id: body.client_reference_id ?? null,
        metadata: body.metadata ?? {},
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        subscription: null as string | null,
        line_items: body.line_items,
        subscription_data: body.subscription_data,
        created: unixNow(),
        livemode: false,
      };
      sessions.set(id, session);
      return { status: 200, body: session };
    }
    if (method === 'POST' && path === '/v1/invoices/create_preview') return previewInvoice(body);
    const match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (match) {
      const id = decodeURIComponent(match[1] ?? '');
      const subscription = subscriptions.get(id);
      if (!subscription) {
        return stripeError(404, `No such subscription: '${id}'`, { code: 'resource_missing', param: 'id' });
      }
      if (method === 'GET') return { status: 200, body: subscription };
      // As Stripe: a canceled subscription is gone for a cancel, and frozen for an update.
      if (method === 'DELETE' && subscription.status === 'canceled') {
        return stripeError(404, `No such subscription: '${id}'`, { code: 'resource_missing', param: 'id' });
      }
      if (method === 'DELETE') return { status: 200, body: setSubscription({ id, status: 'canceled' }) };
      if (method === 'POST' && subscription.status === 'canceled') {
        return stripeError(400, 'A canceled subscription can only update its cancellation_details and metadata.');
      }
      if (method === 'POST') {
        const items = Array.isArray(body.items) ? body.items : [];
        const first = items[0] as FormObject | undefined;
        if (first && first.id !== subscription.items.data[0]?.id) {
          return stripeError(400, `No such subscription item: '${String(first.id)}'`, { param: 'items[0][id]' });
        }
        return {
          status: 200,
          body: setSubscription({
            id,
            ...(body.cancel_at_period_end !== undefined && {
              cancelAtPeriodEnd: body.cancel_at_period_end === 'true',
            }),
            ...(typeof first?.price === 'string' && { price: first.price }),
          }),
        };
      }
    }
    return stripeError(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  function takeFailure(method: string, path: string) {
    const rule = failures.find(
      (candidate) => candidate.left > 0 && candidate.method === method && matches(candidate.path, path),
    );
    if (rule) rule.left -= 1;
    return rule;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const rawBody = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://stripe.mock');
    const method = req.method ?? 'GET';
    const header = (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const recorded: RecordedRequest = {
      method,
      path: url.pathname,
      query: url.search,
      body: parseStripeForm(rawBody),
      rawBody,
      headers: req.headers,
      idempotencyKey: header('idempotency-key'),
      authorization: header('authorization'),
    };
    requests.push(recorded);
    await beforeRespond?.(recorded);

    const send = (answer: { status: number; body: unknown }, headers: Record<string, string> = {}) => {
      res.writeHead(answer.status, { 'Content-Type': 'application/json', 'Request-Id': `req_${hex()}`, ...headers });
      res.end(JSON.stringify(answer.body));
    };
    if (recorded.authorization !== `Bearer ${options.secretKey}`) {
      send(invalidKeyError(recorded.authorization));
      return;
    }
    const failure = takeFailure(method, url.pathname);
    const failWith = (rule: FailureRule) =>
      send(stripeError(rule.status ?? 500, 'An unexpected error occurred (simulated).'), {
        'Stripe-Should-Retry': rule.retryable ? 'true' : 'false',
      });
    if (failure && !failure.afterProcessing) {
      failWith(failure);
      return;
    }
    const replayKey = recorded.idempotencyKey && `${method} ${url.pathname} ${recorded.idempotencyKey}`;
    const replay = replayKey ? idempotent.get(replayKey) : undefined;
    const answer = replay ?? route(method, url.pathname, recorded.body);
    if (!replay && replayKey && method === 'POST') idempotent.set(replayKey, answer);
    // A held answer is fixed already (the work is done); only sending it waits.
    const hold = holds.find(
      (candidate) => candidate.left > 0 && candidate.method === method && matches(candidate.path, url.pathname),
    );
    if (hold) {
      hold.left -= 1;
      hold.arrive(recorded);
      await hold.released;
    }
    if (replay) send(replay, { 'Idempotent-Replayed': 'true' });
    else if (failure) failWith(failure);
    else send(answer);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    /** `http://127.0.0.1:PORT`, for STRIPE_API_URL. */
    url: `http://127.0.0.1:${port}`,
    requests,
    customers,
    sessions,
    subscriptions,
    /** Recorded requests with this method whose path is (or matches) `path`. */
    requestsTo(method: string, path: string | RegExp): RecordedRequest[] {
      return requests.filter(
        (request) =>
          request.method === method && (typeof path === 'string' ? request.path === path : path.test(request.path)),
      );
    },
    /** Creates or changes a subscription as Stripe holds it. */
    setSubscription,
    subscription(id: string): MockSubscription {
      const found = subscriptions.get(id);
      if (!found) throw new Error(`no subscription ${id} in the Stripe mock`);
      return found;
    },
    /** The customer pays on Stripe's page: the session completes and its subscription starts. */
    completeCheckout(sessionId: string, input: Omit<SubscriptionInput, 'customer' | 'price'> = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no checkout session ${sessionId} in the Stripe mock`);
      const lineItems = session.line_items as FormObject[] | undefined;
      const subscriptionData = session.subscription_data as { metadata?: Record<string, string> } | undefined;
      const subscription = setSubscription({
        metadata: subscriptionData?.metadata ?? {},
        ...input,
        customer: String(session.customer),
        price: String(lineItems?.[0]?.price),
      });
      Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id });
      return { session, subscription };
    },
    /** Makes the next matching request(s) fail with a Stripe-style error. */
    failNext(rule: FailureRule) {
      failures.push({ ...rule, left: rule.times ?? 1 });
    },
    /**
     * Holds back the answer to the next matching request(s) (a slow Stripe, or one that hangs);
     * `times` is 1 unless told (`Infinity`: every one, retries included).
     */
    holdNext(rule: { method: string; path: string | RegExp; times?: number }): HeldAnswer {
      let arrive: (request: RecordedRequest) => void = () => {};
      let release: () => void = () => {};
      const arrived = new Promise<RecordedRequest>((resolve) => {
        arrive = resolve;
      });
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      holds.push({ method: rule.method, path: rule.path, left: rule.times ?? 1, arrive, released });
      return { arrived, release };
    },
    /** Runs before each answer (e.g. to look at the database at that moment). */
    onRequest(hook: typeof beforeRespond) {
      beforeRespond = hook;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type StripeMock = Awaited<ReturnType<typeof startStripeMock>>;

// ---- webhook events ----

const signer = new Stripe('sk_test_signer_only');

export interface StripeEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  api_version: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: Record<string, unknown> };
}

/** A Stripe-shaped event around `object`. */
export function stripeEvent(type: string, object: Record<string, unknown>, id = `evt_${hex(12)}`): StripeEvent {
  return {
    id,
    object: 'event',
    type,
    created: unixNow(),
    api_version: '2025-10-29.clover',
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: structuredClone(object) },
  };
}

export function checkoutCompletedEvent(input: {
  sessionId?: string;
  userId: string;
  customer: string;
  subscription: string;
}) {
  return stripeEvent('checkout.session.completed', {
    id: input.sessionId ?? `cs_test_${hex(12)}`,
    object: 'checkout.session',
    mode: 'subscription',
    status: 'complete',
    payment_status: 'paid',
    client_reference_id: input.userId,
    customer: input.customer,
    subscription: input.subscription,
    metadata: { userId: input.userId },
  });
}

export function subscriptionEvent(
  type: 'customer.subscription.created' | 'customer.subscription.updated' | 'customer.subscription.deleted',
  subscription: MockSubscription,
) {
  return stripeEvent(type, subscription as unknown as Record<string, unknown>);
}

export function invoiceEvent(
  type: 'invoice.paid' | 'invoice.payment_failed',
  input: { subscription: string; customer: string },
) {
  const paid = type === 'invoice.paid';
  return stripeEvent(type, {
    id: `in_${hex()}`,
    object: 'invoice',
    customer: input.customer,
    status: paid ? 'paid' : 'open',
    amount_due: 799,
    amount_paid: paid ? 799 : 0,
    attempt_count: 1,
    billing_reason: 'subscription_cycle',
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: input.subscription, metadata: {} },
    },
  });
}

/** The `Stripe-Signature` header for `payload`, signed as Stripe does (timestamp in unix seconds). */
export function signPayload(payload: string, secret: string, timestamp?: number): string {
  return signer.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp !== undefined && { timestamp }) });
}
