/**
 * Builds the Express app from its dependencies; `index.ts` listens. Tests build the same app on
 * a temporary SQLite file and port 0.
 */
import type { RequestListener } from 'node:http';
import express, { Router } from 'express';
import { databaseState } from './db/database-state';
import { createTransactor } from './db/transaction';
import type { AppDeps } from './deps';
import { createRequireAuth } from './lib/auth';
import { createErrorHandler, notFound } from './lib/errors';
import { jsonBody } from './lib/json-body';
import { createPasswordGuards } from './lib/password-guards';
import { RATE_LIMIT_RULES, createClientIp, createRateLimiterFactory } from './lib/rate-limit';
import { createRequestLog } from './lib/request-log';
import { consoleHelmet, noStore } from './lib/security-headers';
import { createAuthRouter } from './modules/accounts/auth.routes';
import { createAccounts } from './modules/accounts/create-accounts';
import { createProfileService } from './modules/accounts/profile.service';
import { createUserRouter } from './modules/accounts/user.routes';
import { createSso } from './modules/sso/create-sso';
import { createDashboardRouter } from './modules/dashboard/dashboard.routes';
import { createEarlyAccessRepo } from './modules/early-access/early-access.repo';
import { createEarlyAccessRouter } from './modules/early-access/early-access.routes';
import {
  DEFAULT_EVENT_STREAM_SETTINGS,
  createEventsRouter,
  type EventStreamSettings,
} from './modules/events/events.routes';
import { createOwnerEvents } from './modules/events/create-owner-events';
import { createFeedbackWriter } from './modules/feedback/feedback-writer';
import { createFeedbackReads, type HeavyReadAppOptions } from './modules/feedback/feedback-reads';
import { createFeedbackRouter } from './modules/feedback/feedback.routes';
import { createFeedbackThreadRepo } from './modules/feedback/feedback-thread.repo';
import { createFeedbackThreadRouter } from './modules/feedback/feedback-thread.routes';
import { createFeedbackThreadService } from './modules/feedback/feedback-thread.service';
import { createFeedbackService } from './modules/feedback/feedback.service';
import { createHealthRouter } from './modules/health/health.routes';
import { createMailSenderRouter } from './modules/server-settings/mail-sender.routes';
import { createChangelog } from './modules/changelog/create-changelog';
import { createNewsRepo } from './modules/news/news.repo';
import { createNewsRouter } from './modules/news/news.routes';
import { createNewsService } from './modules/news/news.service';
import { createNotifications } from './modules/notifications/create-notifications';
import { createWebhooks } from './modules/webhooks/create-webhooks';
import { createHmacSigner, createSecretBox } from './lib/secret-box';
import { loadServerKey } from './lib/server-key';
import { createPublicWidgetCache } from './modules/public-widget/public-widget-cache';
import { createPublicWidgetRepo } from './modules/public-widget/public-widget.repo';
import { createPublicWidgetHandler } from './modules/public-widget/public-widget.handler';
import { createPublicWidgetService } from './modules/public-widget/public-widget.service';
import { createPublicWidgetSync } from './modules/public-widget/public-widget-sync';
import { createWidgetsRepo } from './modules/widgets/widgets.repo';
import { createWidgetsRouter } from './modules/widgets/widgets.routes';
import { createWidgetsService } from './modules/widgets/widgets.service';
import { createPlansRouter } from './modules/plans/plans.routes';
import { createBilling } from './modules/subscriptions/create-billing';
import { createWebhookRoute } from './modules/subscriptions/webhook.route';
import {
  createSubscriptionsRouter,
  createTestCheckoutCompletionRouter,
} from './modules/subscriptions/subscriptions.routes';
import { createTestCheckoutPage } from './modules/subscriptions/test-checkout.page';
import { planFeatures } from '../src/shared/plans';
import { createStaticRouter, defaultStaticPaths, ownerApiCompression, type StaticPaths } from './static/static-assets';
import { listExpressRoutes, publicWidgetRoutes, type AppRoute } from './openapi/app-routes';
import { createOpenApiRouter } from './openapi/openapi.routes';
import { createTeams } from './modules/workspaces/create-teams';
import { createMetrics, type PoolStats } from './metrics/create-metrics';

/** How long a public widget config may be served from memory without a database read. */
const PUBLIC_CACHE_TTL_MS = 30_000;

export interface AppOptions extends HeavyReadAppOptions {
  staticPaths?: StaticPaths;
  /** Reports whether graceful shutdown has begun (health answers 503 then). */
  isShuttingDown?: () => boolean;
  /** Aborted when graceful shutdown begins: open event streams end so the server can close. */
  shutdownSignal?: AbortSignal;
  /** The owner event stream's heartbeat, retry hint and per-owner cap (tests shorten the heartbeat). */
  eventStream?: Partial<EventStreamSettings>;
  /** How often e-mail alerts and digests are looked for (tests shorten it). */
  alertsEveryMs?: number;
  /** How often due webhook deliveries (retries) are looked for (tests shorten it). */
  deliveriesEveryMs?: number;
  /** PostgreSQL's pool (`OpenedDatabase.poolStats`), for /metrics; SQLite has none. */
  poolStats?: () => PoolStats;
}

/** The server's request handling: `listener` for `http.createServer`, `close` when it stops. */
export interface TellboxApp {
  listener: RequestListener;
  /** Every route the app answers, the public widget API's included (the OpenAPI test holds the document to it). */
  routes(): AppRoute[];
  /** Stops the timers the app keeps (rate-limit counts sent to Redis, alerts, webhook deliveries); resolves once background work has ended. */
  close(): Promise<void>;
  /**
   * Runs the background work due now (alerts and digests, webhook deliveries) instead of at its next
   * tick, and resolves once it and the sends it started have ended: what tests wait on.
   */
  settle(): Promise<void>;
}

export function createApp(deps: AppDeps, options: AppOptions = {}): TellboxApp {
  const { config, db, logger, mailer, clock, plans, passwords, redis } = deps;
  const limiter = createRateLimiterFactory(config.rateLimits, redis);
  const passwordGuards = createPasswordGuards(limiter);
  const publicCache = createPublicWidgetCache(PUBLIC_CACHE_TTL_MS);
  // With Redis every instance drops what any instance invalidates.
  const cacheSync = createPublicWidgetSync({ cache: publicCache, redis, logger });
  const onWidgetChanged = (widgetId: string) => cacheSync.invalidateWidget(widgetId);

  const transact = createTransactor(db);
  const { accountDeps, sessions, auth } = createAccounts({
    db,
    transact,
    clock,
    publicUrl: config.publicUrl,
    passwords,
    mailer,
    logger,
    // Teams are made after billing (the plan decides the seats); sign-up only asks them later.
    invitationConfirms: (token, email) => teams.invitations.confirmsAddress(token, email),
  });
  const invalidateOwner = (userId: string) => cacheSync.invalidateOwner(userId);
  const {
    subscriptions,
    webhook: stripeWebhook,
    mode: billingMode,
  } = createBilling({ ...deps, onPlanChanged: invalidateOwner });
  const teams = createTeams({
    ...deps,
    transact,
    publicUrl: config.publicUrl,
    billingMode,
    onAccessChanged: (workspaceId, accountId) => ownerEvents.publish(workspaceId, { kind: 'access', accountId }),
    beforeWorkspaceDeleted: subscriptions.cancelBeforeDeletion,
    onWorkspaceDeleted: invalidateOwner,
  });
  const profile = createProfileService({
    beforeWorkspaceDeleted: subscriptions.cancelBeforeDeletion,
    ...accountDeps,
    onWorkspaceDeleted: invalidateOwner,
  });
  const widgets = createWidgetsService({
    transact,
    widgets: createWidgetsRepo(db),
    plans,
    billingMode,
    clock,
    publicUrl: config.publicUrl,
    onWidgetChanged,
  });
  const assertWidgetOwned = widgets.assertOwned;
  const ownerEvents = createOwnerEvents({ redis, logger });
  const serverKey = loadServerKey({ secretKey: config.secretKey, dataDir: config.dataDir });
  const outgoing = { db, clock, mailer, logger, plans, billingMode, publicUrl: config.publicUrl };
  const notifications = createNotifications({
    ...outgoing,
    signer: createHmacSigner(serverKey, 'unsubscribe'),
    everyMs: options.alertsEveryMs,
  });
  const webhooks = createWebhooks({
    ...outgoing,
    secretBox: createSecretBox(serverKey),
    allowPrivate: config.webhooksAllowPrivate,
    everyMs: options.deliveriesEveryMs,
  });
  // Only with METRICS_TOKEN: without it no hook below is installed (docs/architecture.md, "Metrics").
  const metrics = config.metricsToken
    ? createMetrics({ ...outgoing, token: config.metricsToken, webhooks, poolStats: options.poolStats })
    : undefined;
  const afterFeedbackInsert = [notifications.afterFeedbackInsert, webhooks.afterFeedbackInsert];
  const feedback = createFeedbackService({
    transact,
    ...createFeedbackReads({ db, database: config.database, logger, heavyReads: options.heavyReads }),
    writer: createFeedbackWriter(db, afterFeedbackInsert, metrics?.onFeedbackCommitted),
    plans,
    billingMode,
    clock,
    assertWidgetOwned,
    roleOf: teams.roleOf,
    onFeedbackStored: (stored) => {
      ownerEvents.publish(stored.workspaceId, { kind: 'feedback', feedbackId: stored.id });
      webhooks.wakeIfQueued();
    },
  });
  const news = createNewsService({
    transact,
    news: createNewsRepo(db),
    plans,
    billingMode,
    clock,
    assertWidgetOwned,
    onWidgetChanged,
    afterPostPublished: webhooks.afterPostPublished,
    onPostPublished: webhooks.wakeIfQueued,
  });
  const publicWidget = createPublicWidgetService({
    repo: createPublicWidgetRepo(db),
    cache: publicCache,
    news,
    feedback,
    plans,
    billingMode,
    clock,
    publicUrl: config.publicUrl,
    onInstallationAdded: ({ widgetId, workspaceId, host }) => {
      cacheSync.installationAdded(widgetId);
      ownerEvents.publish(workspaceId, { kind: 'installation', widgetId, host });
    },
  });
  const requireAuth = createRequireAuth(sessions.resolve);
  const app = express();
  app.disable('x-powered-by');
  // Express would hash every JSON answer for a weak ETag; only the public config needs one.
  app.set('etag', false);
  app.set('trust proxy', config.trustProxy);
  app.use(createRequestLog(logger));
  if (metrics) app.use(metrics.expressRequests);
  // Stripe signs the exact bytes it sent: this route reads the raw body, before any JSON parser.
  if (stripeWebhook) app.post('/api/subscription/webhook', ...createWebhookRoute(stripeWebhook));
  app.get(
    '/test-checkout/:sessionId',
    consoleHelmet,
    createTestCheckoutPage({ subscriptions, plans, featuresOf: (id) => planFeatures(plans[id]) }),
  );

  const api = Router();
  api.use(consoleHelmet, noStore, ...jsonBody());
  api.use(ownerApiCompression);
  api.use(
    createHealthRouter(options.isShuttingDown ?? (() => false), [
      { name: 'database', state: () => databaseState(db) },
      { name: 'redis', state: () => redis?.status() ?? 'off' },
    ]),
  );
  api.use(
    createSso({ ...deps, accounts: accountDeps.accounts, sessions }),
    createAuthRouter(auth, requireAuth, limiter, passwordGuards),
  );
  api.use(createTestCheckoutCompletionRouter(subscriptions));
  api.use(createPlansRouter(plans));
  api.use(
    createEarlyAccessRouter({
      earlyAccess: createEarlyAccessRepo(db),
      clock,
      limit: limiter(RATE_LIMIT_RULES.earlyAccess),
    }),
  );
  api.use(createOpenApiRouter());
  api.use(teams.previewRouter);
  // Everything below needs a valid bearer token, and a role that allows the route.
  api.use(requireAuth);
  api.use(teams.routeAccess, teams.activityRecorder);
  api.use(
    createEventsRouter({
      ...DEFAULT_EVENT_STREAM_SETTINGS,
      ...options.eventStream,
      bus: ownerEvents,
      resolveToken: sessions.resolve,
      resolveWorkspace: teams.findAccess,
      feedback,
      logger,
      shutdownSignal: options.shutdownSignal,
      streamObserver: metrics?.streamObserver,
    }),
  );
  api.use(createUserRouter(profile, passwordGuards));
  api.use(teams.router);
  api.use(createSubscriptionsRouter(subscriptions, limiter));
  api.use(createDashboardRouter({ widgets, feedback, news, plans, billingMode, clock }));
  api.use(createWidgetsRouter(widgets));
  api.use(createFeedbackRouter(feedback, { clock, logger }));
  api.use(
    createFeedbackThreadRouter(
      createFeedbackThreadService({
        thread: createFeedbackThreadRepo(db),
        feedback,
        transact,
        mailer,
        clock,
        logger,
      }),
    ),
  );
  api.use(createNewsRouter(news));
  api.use(createMailSenderRouter(config.mailFrom));
  api.use(notifications.router);
  api.use(webhooks.router(limiter));
  api.use(() => {
    throw notFound();
  });
  app.use(notifications.unsubscribeRouter);
  app.use('/api', api);
  if (metrics) app.get('/metrics', metrics.route);
  app.use(createChangelog({ db, publicUrl: config.publicUrl, limit: limiter(RATE_LIMIT_RULES.changelogPerIp) }));

  app.use(createStaticRouter(options.staticPaths ?? defaultStaticPaths()));
  app.use(consoleHelmet, () => {
    throw notFound('Page not found');
  });
  app.use(createErrorHandler(logger));

  // The public widget API goes first, ahead of Express itself: it is the only part of Tellbox that
  // every visitor of every customer's site calls.
  const publicApi = createPublicWidgetHandler({
    service: publicWidget,
    rateLimits: config.rateLimits,
    redis,
    clock,
    clientIp: createClientIp(config.trustProxy),
    logger,
    observe: metrics?.observePublic,
  });
  return {
    routes: () => [...publicWidgetRoutes(), ...listExpressRoutes(app)],
    listener: (req, res) => {
      if (!publicApi.handle(req, res)) app(req, res);
    },
    settle: async () => {
      await Promise.all([notifications.runNow(), webhooks.settle()]);
    },
    close: async () => {
      publicApi.close();
      await Promise.all([notifications.stop(), webhooks.stop(), feedback.close(), teams.stop()]);
    },
  };
}
