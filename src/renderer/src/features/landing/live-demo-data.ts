/**
 * Sample data of the live demo: one made-up owner, her widgets, feedback and news. The demo never
 * talks to the server. Times are words ("2 hours ago"), never dates: the page is prerendered at
 * build time and must draw the same thing in the visitor's browser.
 */
import { BRAND_COLOR } from '../../../../shared/design-tokens';
import type { PublicWidgetConfig } from '../../../../shared/api';
import type { NewsIcon, PostStatus } from '../../../../shared/schemas/news';
import { widgetStringsFor } from '../../../../shared/widget-language';

export const DEMO_OWNER = 'Ada';
export const DEMO_PLAN = { name: 'Pro', maxWidgets: 5 };

export interface DemoWidget {
  id: string;
  name: string;
  domain: string;
  siteKey: string;
  created: string;
  active: boolean;
}

/** The first one is the widget on the sample shop of the visitor's side. */
export const DEMO_WIDGETS: DemoWidget[] = [
  {
    id: 'w1',
    name: 'Shop',
    domain: 'shop.example.com',
    siteKey: 'Fq7Rk2Lm9Xw3Tz8B',
    created: '3 months ago',
    active: true,
  },
  {
    id: 'w2',
    name: 'Help center',
    domain: 'help.example.com',
    siteKey: 'Hc4Np8Vd2Qs6Jy1K',
    created: '6 weeks ago',
    active: true,
  },
  {
    id: 'w3',
    name: 'Old landing',
    domain: 'launch.example.com',
    siteKey: 'Ol9Wb3Ze5Rg7Ma2C',
    created: '1 year ago',
    active: false,
  },
];

export interface DemoFeedback {
  id: string;
  page: string;
  message: string;
  author: string | null;
  browser: string;
  time: string;
  widget: string;
  /** Sent from the visitor's side of this demo, in this visit. */
  fresh?: boolean;
}

export const DEMO_FEEDBACK: DemoFeedback[] = [
  {
    id: 'f1',
    page: 'shop.example.com/checkout',
    message: 'Checkout was quick, but I could not find where to enter my gift card.',
    author: null,
    browser: 'Safari 18 on iOS',
    time: '2 hours ago',
    widget: 'Shop',
  },
  {
    id: 'f2',
    page: 'shop.example.com/pricing',
    message: 'Would love a yearly plan option!',
    author: 'Marta',
    browser: 'Chrome 131 on macOS',
    time: '5 hours ago',
    widget: 'Shop',
  },
  {
    id: 'f3',
    page: 'help.example.com/articles/returns',
    message: 'The returns guide was super clear, thanks.',
    author: null,
    browser: 'Firefox 133 on Windows 11',
    time: 'yesterday',
    widget: 'Help center',
  },
  {
    id: 'f4',
    page: 'shop.example.com/products/ethiopia',
    message: 'Please add the roast date to the product page.',
    author: 'Jonas',
    browser: 'Chrome 131 on Android 14',
    time: '2 days ago',
    widget: 'Shop',
  },
  {
    id: 'f5',
    page: 'shop.example.com/',
    message: 'Love the new design. The dark photos look great on my phone.',
    author: null,
    browser: 'Safari 18 on iOS',
    time: '4 days ago',
    widget: 'Shop',
  },
];

export interface DemoPost {
  id: string;
  icon: NewsIcon;
  title: string;
  content: string;
  status: PostStatus;
  created: string;
  /** How long ago, for the widget's date on the visitor's side. */
  daysAgo: number;
  widget: string;
}

export const DEMO_NEWS: DemoPost[] = [
  {
    id: 'n1',
    icon: '🎉',
    title: 'Free shipping weekend',
    content: 'Every order ships free until Sunday night.',
    status: 'published',
    created: '2 days ago',
    daysAgo: 2,
    widget: 'Shop',
  },
  {
    id: 'n2',
    icon: '🚀',
    title: 'New: Ethiopia single origin',
    content: 'Bright, floral and roasted every Monday. Now in the shop.',
    status: 'published',
    created: '9 days ago',
    daysAgo: 9,
    widget: 'Shop',
  },
  {
    id: 'n3',
    icon: '📝',
    title: 'Holiday opening hours',
    content: 'Our support team takes a short break over the holidays.',
    status: 'draft',
    created: 'today',
    daysAgo: 0,
    widget: 'Help center',
  },
];

/** Feedback per day over the last 30 days, oldest first, per widget (the chart and the stats). */
export const DEMO_DAYS: Record<string, number[]> = {
  Shop: [2, 3, 1, 4, 3, 2, 1, 3, 4, 2, 5, 3, 2, 2, 4, 5, 3, 6, 4, 2, 3, 5, 6, 4, 7, 5, 3, 6, 8, 2],
  'Help center': [0, 1, 0, 1, 2, 0, 0, 1, 0, 2, 1, 0, 1, 0, 1, 2, 0, 1, 1, 0, 2, 1, 0, 1, 2, 1, 0, 1, 2, 1],
};
/** Feedback older than the chart's 30 days, for the all-time total. */
export const DEMO_OLDER_FEEDBACK = 214;

/** The shop widget's config as `GET /api/public/widget/:siteKey` would answer it, dated from `now`. */
export function demoWidgetConfig(now = Date.now()): PublicWidgetConfig {
  const shop = DEMO_WIDGETS[0] as DemoWidget;
  return {
    widget: {
      key: shop.siteKey,
      position: 'bottom-right',
      color: BRAND_COLOR,
      enabledTabs: ['feedback', 'news'],
      hideLauncher: false,
      offsetX: 20,
      offsetY: 20,
      changelogUrl: null,
    },
    lang: 'en',
    strings: widgetStringsFor('en', null, 'feedback'),
    posts: DEMO_NEWS.filter((post) => post.widget === shop.name && post.status === 'published').map((post) => ({
      title: post.title,
      content: post.content,
      icon: post.icon,
      link: null,
      createdAt: new Date(now - post.daysAgo * 86_400_000).toISOString(),
    })),
  };
}
