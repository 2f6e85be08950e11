/**
 * The Support Center's questions and answers. Every limit and price is read from the plan table
 * (docs/plans-and-billing.md, "Plans"), so the FAQ can never promise other numbers than the plans enforce.
 */
import { PLAN_IDS, planPrice, type PlanLimits, type PlanTable } from '../../../../shared/plans';
import { CLAIMS, SETUP_TIME } from '../../config/product-claims';

export interface FaqItem {
  question: string;
  answer: string;
}

/** "Free 1, Pro 5 and Premium unlimited" for one limit of the table. */
function perPlan(plans: PlanTable, text: (limits: PlanLimits) => string): string {
  const parts = PLAN_IDS.map((id) => `${plans[id].name} ${text(plans[id].limits)}`);
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

const count = (max: number | null) => (max === null ? 'unlimited' : String(max));

function feedbackText(limits: PlanLimits): string {
  if (limits.visibleFeedbackPerMonth === null) return 'unlimited';
  const scope = limits.feedbackScope === 'widget' ? 'per widget' : 'for the whole account';
  return `${limits.visibleFeedbackPerMonth} ${scope}`;
}

function postsText(limits: PlanLimits): string {
  if (limits.maxPosts === null) return 'unlimited';
  return `${limits.maxPosts} ${limits.postPeriod === 'month' ? 'per calendar month' : 'in total'}`;
}

function installationsText(limits: PlanLimits): string {
  const max = limits.maxInstallationsPerWidget;
  return max === null ? 'unlimited' : `${max} per widget`;
}

/** The FAQ for `plans`, its prices written for `locale` (the reader's). */
export function buildFaq(plans: PlanTable, locale?: string): FaqItem[] {
  const priceList = PLAN_IDS.map((id) =>
    plans[id].monthlyPriceCents === 0
      ? `${plans[id].name} is free`
      : `${plans[id].name} costs ${planPrice(plans[id], locale)} per month`,
  );
  return [
    {
      question: 'How do I install the widget on my site?',
      answer: `Open My Widgets, create a widget and copy its one-line snippet into the HTML of every page where it should appear. Setup takes about ${SETUP_TIME}.`,
    },
    {
      question: 'What do the plans cost?',
      answer: `${priceList.slice(0, -1).join(', ')} and ${priceList[priceList.length - 1]}. Paid plans are billed monthly and can be cancelled any time.`,
    },
    {
      question: 'How many widgets can I create?',
      answer: `It depends on your plan: ${perPlan(plans, (l) => count(l.maxWidgets))}. My Widgets shows how many you use.`,
    },
    {
      question: 'How much feedback can I see each month?',
      answer: `Visible feedback per month: ${perPlan(plans, feedbackText)}. Feedback beyond that is kept but hidden, never deleted, and appears as soon as your plan allows it.`,
    },
    {
      question: 'How many news posts can I publish?',
      answer: `News posts: ${perPlan(plans, postsText)}. At the limit, new posts are blocked until you upgrade or your monthly allowance resets.`,
    },
    {
      question: 'On how many sites can a widget run?',
      answer: `The first sites that load a widget are registered automatically, up to ${perPlan(plans, installationsText)}. On any other site the widget stays hidden. You can remove a registered site from the widget in My Widgets.`,
    },
    {
      question: 'Is the feedback anonymous?',
      answer:
        'Yes. Visitors need no account and may add a name or email address if they want a reply. Only you see the feedback of your widgets.',
    },
    {
      question: 'How do I publish a news post?',
      answer:
        'Open News Posts, choose Create News Post, pick the widget, an icon, a title, the content and an optional link. Published posts appear inside the widget; drafts stay hidden.',
    },
    {
      question: 'How do I upgrade, change or cancel my plan?',
      answer: `In Settings › Plan & billing, under Available Plans. Checkout opens in a new tab through our card payment provider. ${CLAIMS.planChanges} A cancelled plan stays usable until the end of the current billing period.`,
    },
    {
      question: 'What happens to my data if I cancel?',
      answer: CLAIMS.dataAfterCancel,
    },
    {
      question: 'Will the widget slow down my site?',
      answer: CLAIMS.widgetSpeed,
    },
    {
      question: 'How do I change my password or delete my account?',
      answer:
        'The password is in Settings › Security, deleting the account at the foot of Settings › Profile. Changing the password signs out every other device. Deleting the account removes your widgets, feedback and news posts and cancels any paid plan; it cannot be undone.',
    },
  ];
}
