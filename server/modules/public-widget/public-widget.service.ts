/**
 * The public widget API (decisions §8): a widget's config for the embedded script, and feedback
 * from visitors, both under the installation rule of decisions §6.
 */
import { createHash } from 'node:crypto';
import type { PublicWidgetConfig } from '../../../src/shared/api';
import { FEEDBACK_HONEYPOT_FIELD } from '../../../src/shared/limits';
import type { PlanTable } from '../../../src/shared/plans';
import {
  enabledTabsOf,
  type WidgetPosition,
  type z,
  type publicFeedbackInputSchema,
} from '../../../src/shared/schemas';
import { forbidden, notFound } from '../../lib/errors';
import type { Clock } from '../../lib/time';
import type { FeedbackService } from '../feedback/feedback.service';
import type { NewsService } from '../news/news.service';
import { effectivePlan, type SubscriptionFields } from '../plans/plans.service';
import type { PublicWidgetCache, PublicWidgetEntry } from './public-widget-cache';
import type { PublicWidgetRepo } from './public-widget.repo';

export const PUBLIC_WIDGET_MESSAGES = {
  unknownWidget: 'Widget not found.',
  notAnInstallation: 'This widget is not enabled for this website.',
  feedbackDisabled: 'This widget does not accept feedback.',
  received: 'Thank you! Your feedback was sent.',
} as const;

/** The public config lists at most this many published posts. */
export const MAX_PUBLIC_POSTS = 20;

type FeedbackInput = z.output<typeof publicFeedbackInputSchema>;

interface PublicWidgetDeps {
  repo: PublicWidgetRepo;
  cache: PublicWidgetCache;
  news: Pick<NewsService, 'published'>;
  feedback: Pick<FeedbackService, 'record'>;
  plans: PlanTable;
  clock: Clock;
  /** The product's own host (PUBLIC_URL): the console may show any widget without registering. */
  productHost: string;
}

export function createPublicWidgetService(deps: PublicWidgetDeps) {
  const { repo, cache, news, feedback, plans, clock, productHost } = deps;

  async function load(siteKey: string): Promise<PublicWidgetEntry> {
    const nowMs = clock.now().getTime();
    const cached = cache.get(siteKey, nowMs);
    if (cached) return cached;
    const row = await repo.findActiveByKey(siteKey);
    if (!row) throw notFound(PUBLIC_WIDGET_MESSAGES.unknownWidget);
    const enabledTabs = enabledTabsOf({ enableFeedback: row.enable_feedback === 1, enableNews: row.enable_news === 1 });
    const config: PublicWidgetConfig = {
      widget: {
        key: row.site_key,
        name: row.name,
        position: row.position as WidgetPosition,
        color: row.color,
        enabledTabs,
      },
      posts: enabledTabs.includes('news') ? await news.published(row.id, MAX_PUBLIC_POSTS) : [],
    };
    const body = JSON.stringify(config);
    const entry: PublicWidgetEntry = {
      widgetId: row.id,
      ownerId: row.owner_id,
      enabledTabs,
      owner: {
        plan: row.plan,
        planExpiresAt: row.plan_expires_at,
        cancelAtPeriodEnd: row.cancel_at_period_end === 1,
      },
      hosts: await repo.hostsOf(row.id),
      body,
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      expiresAt: nowMs + cache.ttlMs,
    };
    cache.set(siteKey, entry);
    return entry;
  }

  /**
   * The installation rule (decisions §6). The cached hosts and plan answer the common case; any
   * doubt (a new host, or one beyond the cached plan's cap) is settled from the database.
   */
  async function admit(entry: PublicWidgetEntry, host: string | undefined) {
    if (host === undefined || host === productHost) return;
    const now = clock.now();
    const maxFor = (owner: SubscriptionFields) => effectivePlan(plans, owner, now).limits.maxInstallationsPerWidget;
    const index = entry.hosts.indexOf(host);
    const max = maxFor(entry.owner);
    if (index !== -1 && (max === null || index < max)) return;
    const result = await repo.admit(entry.widgetId, host, now.toISOString(), maxFor);
    entry.hosts = result.hosts;
    entry.owner = result.owner;
    if (!result.allowed) throw forbidden(PUBLIC_WIDGET_MESSAGES.notAnInstallation);
  }

  return {
    /** The cached config answer (body and ETag) for a site key, after the installation rule. */
    async config(siteKey: string, host: string | undefined): Promise<PublicWidgetEntry> {
      const entry = await load(siteKey);
      await admit(entry, host);
      return entry;
    },

    /** Stores a visitor's feedback. A filled honeypot is accepted and silently dropped. */
    async submitFeedback(siteKey: string, input: FeedbackInput, request: { host?: string; userAgent?: string }) {
      const entry = await load(siteKey);
      if (!entry.enabledTabs.includes('feedback')) throw forbidden(PUBLIC_WIDGET_MESSAGES.feedbackDisabled);
      await admit(entry, request.host);
      if (!input[FEEDBACK_HONEYPOT_FIELD]) {
        await feedback.record({
          widgetId: entry.widgetId,
          ownerId: entry.ownerId,
          message: input.message,
          pageUrl: input.pageUrl,
          userAgent: request.userAgent?.slice(0, 512) ?? null,
          authorName: input.authorName,
          authorEmail: input.authorEmail,
        });
      }
      return { message: PUBLIC_WIDGET_MESSAGES.received };
    },
  };
}

export type PublicWidgetService = ReturnType<typeof createPublicWidgetService>;
