/** Wire data for component tests: a fresh free account's values, overridden where a test says. */
import type { FeedbackSummary, LimitsSummary, Widget } from '../../../shared/api';

export function limitsSummary(overrides: Partial<LimitsSummary> = {}): LimitsSummary {
  return {
    plan: 'free',
    maxWidgets: 1,
    widgetCount: 0,
    canCreateWidget: true,
    widgetSuggestedPlan: 'pro',
    maxPosts: 1,
    postCount: 0,
    postPeriod: 'month',
    canCreatePost: true,
    postSuggestedPlan: 'pro',
    maxInstallationsPerWidget: 1,
    ...overrides,
  };
}

export function feedbackSummary(overrides: Partial<FeedbackSummary> = {}): FeedbackSummary {
  return {
    plan: 'free',
    maxVisibleFeedbackPerMonth: 50,
    feedbackScope: 'account',
    hiddenFeedbackCount: 0,
    suggestedPlan: 'pro',
    ...overrides,
  };
}

/** An owner's widget as `GET /api/widget` lists it. */
export function widget(id: string, name: string): Widget {
  return {
    _id: id,
    name,
    key: `key-${id}`,
    createdAt: '2026-11-01T10:00:00.000Z',
    snippet: '',
    active: true,
    branding: { position: 'bottom-right', color: '#3B82F6' },
    enabledTabs: ['feedback', 'news'],
    lockHosts: false,
    installations: [],
    installationCount: 0,
    texts: {},
    hideLauncher: false,
    offsetX: 20,
    offsetY: 20,
    publicChangelog: true,
    changelogUrl: `http://localhost/changelog/key-${id}`,
  };
}
