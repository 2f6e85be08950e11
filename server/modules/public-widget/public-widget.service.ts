/**
 * The public widget API (docs/product.md, "The widget and its public API"): a widget's config for
 * the embedded script, and feedback from visitors, both under the installation rule of
 * docs/plans-and-billing.md, "Plans". The common case (a cached widget on an admitted host) is
 * answered synchronously, without touching the database.
 */
import { FEEDBACK_HONEYPOT_FIELD } from '../../../src/shared/limits';
import type { PlanTable } from '../../../src/shared/plans';
import { enabledTabsOf, type publicFeedbackInputSchema, type z } from '../../../src/shared/schemas';
import { CONSOLE_ORIGIN, OPAQUE_ORIGIN, type RequestingHost } from '../../lib/cors';
import { forbidden, notFound } from '../../lib/errors';
import type { Clock } from '../../lib/time';
import type { FeedbackService } from '../feedback/feedback.service';
import type { NewsService } from '../news/news.service';
import { effectivePlan, subscriptionFieldsOf, type BillingMode, type SubscriptionFields } from '../plans/plans.service';
import { localisedConfigOf } from './localised-config';
import type { PublicWidgetCache, PublicWidgetEntry } from './public-widget-cache';
import type { AdmitVerdict, PublicWidgetRepo } from './public-widget.repo';

/**
 * New sites one widget may register within an hour, on every plan (unlimited ones too): enough
 * for an owner installing it on their sites, too few for forged origins to flood its installations.
 */
export const NEW_HOSTS_PER_WIDGET_PER_HOUR = 10;

export const PUBLIC_WIDGET_MESSAGES = {
  unknownWidget: 'Widget not found.',
  notAnInstallation: 'This widget is not enabled for this website.',
  hostsLocked: 'This widget is locked to the websites it is already installed on.',
  tooManyNewHosts: `This widget was added to ${NEW_HOSTS_PER_WIDGET_PER_HOUR} new websites in the last hour, the most allowed. Try again later.`,
  feedbackDisabled: 'This widget does not accept feedback.',
  received: 'Thank you! Your feedback was sent.',
} as const;

/** The refusal each verdict of the installation rule gets. */
const REFUSALS: Record<Exclude<AdmitVerdict, 'admitted' | 'registered'>, () => Error> = {
  'over-plan': () => forbidden(PUBLIC_WIDGET_MESSAGES.notAnInstallation),
  locked: () => forbidden(PUBLIC_WIDGET_MESSAGES.hostsLocked),
  'hourly-cap': () => forbidden(PUBLIC_WIDGET_MESSAGES.tooManyNewHosts),
  'widget-missing': () => notFound(PUBLIC_WIDGET_MESSAGES.unknownWidget),
};

/**
 * On an unlimited plan the cache starts with this many of a widget's hosts; any other registered
 * host is confirmed from the database on its first request and remembered from then on.
 */
const PRELOADED_HOSTS = 100;

/** The public config lists at most this many published posts. */
export const MAX_PUBLIC_POSTS = 20;

type FeedbackInput = z.output<typeof publicFeedbackInputSchema>;

interface PublicWidgetDeps {
  repo: PublicWidgetRepo;
  cache: PublicWidgetCache;
  news: Pick<NewsService, 'published'>;
  feedback: Pick<FeedbackService, 'record'>;
  plans: PlanTable;
  billingMode: BillingMode;
  clock: Clock;
  /** PUBLIC_URL: its origin (the console's) may show any widget without registering; the changelog lives under it. */
  publicUrl: string;
  /**
   * A host was newly registered: other instances' cached entries don't know it yet, and the
   * owner's console shows installations. Rare (a widget's new site), never on the cached path.
   */
  onInstallationAdded?: (added: { widgetId: string; workspaceId: string; host: string }) => void;
}

export function createPublicWidgetService(deps: PublicWidgetDeps) {
  const { repo, cache, news, feedback, plans, billingMode, clock, publicUrl, onInstallationAdded } = deps;
  const consoleOrigin = new URL(publicUrl).origin;
  const maxHostsAt = (now: Date) => (owner: SubscriptionFields) =>
    effectivePlan(plans, owner, now, billingMode).limits.maxInstallationsPerWidget;

  async function load(siteKey: string): Promise<PublicWidgetEntry> {
    // An invalidation arriving while this reads (from another instance, too) must not be undone.
    const generation = cache.generation;
    const now = clock.now();
    const row = await repo.findActiveByKey(siteKey);
    if (!row) throw notFound(PUBLIC_WIDGET_MESSAGES.unknownWidget);
    const enabledTabs = enabledTabsOf({ enableFeedback: row.enable_feedback === 1, enableNews: row.enable_news === 1 });
    const posts = enabledTabs.includes('news') ? await news.published(row.id, MAX_PUBLIC_POSTS) : [];
    const owner = subscriptionFieldsOf(row);
    const max = maxHostsAt(now)(owner);
    const hosts = await repo.hostsOf(row.id, max ?? PRELOADED_HOSTS);
    const planEnds = owner.planExpiresAt ? Date.parse(owner.planExpiresAt) : Infinity;
    const entry: PublicWidgetEntry = {
      widgetId: row.id,
      workspaceId: row.workspace_id,
      acceptsFeedback: enabledTabs.includes('feedback'),
      enabledTabs,
      installed: hosts.length > 0,
      admitted: new Set(hosts),
      answers: localisedConfigOf(row, enabledTabs, posts, publicUrl),
      expiresAt: Math.min(now.getTime() + cache.ttlMs, planEnds > now.getTime() ? planEnds : Infinity),
    };
    cache.set(siteKey, entry, generation);
    return entry;
  }

  /**
   * The installation rule as far as the cache knows it. No `Origin` (not a browser) is served and
   * registers nothing; a page whose origin is hidden (`null`) or unreadable may use only a widget
   * installed nowhere yet, since it could be any site at all. The console's own pages (its exact
   * origin) show any widget and never take a place.
   */
  const isAdmitted = (entry: PublicWidgetEntry, host: RequestingHost) => {
    if (host === undefined || host === CONSOLE_ORIGIN) return true;
    if (host === OPAQUE_ORIGIN) return !entry.installed;
    return entry.admitted.has(host);
  };

  /**
   * The installation rule for a host the cache does not vouch for, settled from fresh data: a new
   * host is registered while the widget is unlocked, the plan has room and the hour's quota of new
   * hosts is not used up; anything else is refused.
   */
  async function admitFresh(entry: PublicWidgetEntry, host: RequestingHost) {
    if (typeof host !== 'string') throw forbidden(PUBLIC_WIDGET_MESSAGES.notAnInstallation);
    const now = clock.now();
    const verdict = await repo.admit(entry.widgetId, host, {
      now,
      maxFor: maxHostsAt(now),
      newHostsPerHour: NEW_HOSTS_PER_WIDGET_PER_HOUR,
    });
    if (verdict !== 'admitted' && verdict !== 'registered') {
      if (verdict === 'widget-missing') cache.invalidateWidget(entry.widgetId);
      throw REFUSALS[verdict]();
    }
    entry.admitted.add(host);
    entry.installed = true;
    // Another instance may hold this widget as installed nowhere, open to hidden-origin pages.
    if (verdict === 'registered')
      onInstallationAdded?.({ widgetId: entry.widgetId, workspaceId: entry.workspaceId, host });
  }

  /** The entry for a site key, loaded and admitted for `host`, or a 404/403 error. */
  async function resolve(siteKey: string, host: RequestingHost): Promise<PublicWidgetEntry> {
    const entry = cache.get(siteKey, clock.now().getTime()) ?? (await load(siteKey));
    if (!isAdmitted(entry, host)) await admitFresh(entry, host);
    return entry;
  }

  /**
   * Whether an admitted site's submission is feedback the widget stores: a widget with the
   * Feedback tab off refuses it (403); a filled honeypot is accepted but dropped (false).
   */
  function storesFeedback(entry: PublicWidgetEntry, input: FeedbackInput): boolean {
    if (!entry.acceptsFeedback) throw forbidden(PUBLIC_WIDGET_MESSAGES.feedbackDisabled);
    return !input[FEEDBACK_HONEYPOT_FIELD];
  }

  return {
    /** `new URL(PUBLIC_URL).origin`: what `requestingHost` tells the console's own pages by. */
    consoleOrigin,

    /** The cached entry when it can answer `host` right now, without any await; else undefined. */
    peek(siteKey: string, host: RequestingHost): PublicWidgetEntry | undefined {
      const entry = cache.get(siteKey, clock.now().getTime());
      return entry && isAdmitted(entry, host) ? entry : undefined;
    },

    /** The config answer (body and ETag) for a site key, after the installation rule. */
    config: resolve,

    storesFeedback,

    /** Stores a visitor's feedback. A filled honeypot is accepted and silently dropped. */
    async submitFeedback(entry: PublicWidgetEntry, input: FeedbackInput, userAgent: string | undefined) {
      if (!storesFeedback(entry, input)) return;
      const stored = await feedback.record({
        widgetId: entry.widgetId,
        workspaceId: entry.workspaceId,
        message: input.message,
        pageUrl: input.pageUrl,
        userAgent: userAgent?.slice(0, 512) ?? null,
        authorName: input.authorName,
        authorEmail: input.authorEmail,
      });
      // Deleted after its config was read: the same answer as for any widget that is gone.
      if (!stored) {
        cache.invalidateWidget(entry.widgetId);
        throw notFound(PUBLIC_WIDGET_MESSAGES.unknownWidget);
      }
    },
  };
}

export type PublicWidgetService = ReturnType<typeof createPublicWidgetService>;

/** For `npm run admin -- set-plan`: tells running instances through Redis. */
export { broadcastWorkspaceChanged } from './public-widget-sync';
