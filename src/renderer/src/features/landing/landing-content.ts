/** The landing page's copy (docs/product.md §1, §2, §9; FAQ answers follow docs/plans-and-billing.md, "Plans"). */
import BarChartOutlined from '@ant-design/icons-svg/es/asn/BarChartOutlined';
import BgColorsOutlined from '@ant-design/icons-svg/es/asn/BgColorsOutlined';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import MessageOutlined from '@ant-design/icons-svg/es/asn/MessageOutlined';
import NotificationOutlined from '@ant-design/icons-svg/es/asn/NotificationOutlined';
import ThunderboltOutlined from '@ant-design/icons-svg/es/asn/ThunderboltOutlined';
import { CLAIMS, SETUP_TIME } from '../../config/product-claims';

export const STEPS = [
  { title: 'Install', text: `Paste one line of script into your site. Setup takes ${SETUP_TIME}.` },
  { title: 'Collect', text: 'Visitors leave feedback anonymously, right on the page they are reading.' },
  { title: 'Analyze', text: 'See every message with its page and browser in your dashboard.' },
  { title: 'Update', text: 'Publish short news posts that appear inside the widget.' },
];

export const FEATURES = [
  {
    icon: MessageOutlined,
    title: 'Anonymous feedback',
    text: 'Visitors speak freely; a name or e-mail address is optional.',
  },
  {
    icon: NotificationOutlined,
    title: 'News posts',
    text: 'Announce releases and offers with an icon, a title and a link.',
  },
  { icon: ThunderboltOutlined, title: 'One-line install', text: 'A tiny script that never slows your pages down.' },
  { icon: BgColorsOutlined, title: 'Your colours', text: 'Pick the position and colour that fit your brand.' },
  { icon: BarChartOutlined, title: 'Clear dashboard', text: 'Totals, recent feedback and recent news at a glance.' },
  { icon: LockOutlined, title: 'Private by design', text: 'Feedback is visible only to the owner of the widget.' },
];

export const FAQ = [
  {
    question: 'How long does the setup take?',
    answer: `About ${SETUP_TIME}: create a widget, copy its one-line snippet and paste it into your site.`,
  },
  {
    question: 'Will the widget slow down my site?',
    answer: CLAIMS.widgetSpeed,
  },
  {
    question: 'Do visitors need an account to leave feedback?',
    answer: 'No. Feedback is anonymous; visitors may add a name or e-mail address if they want a reply.',
  },
  {
    question: 'What happens when I reach my plan limits?',
    answer:
      'Feedback beyond your monthly allowance is kept but hidden, never deleted, and appears as soon as your plan allows it. New widgets and posts are blocked until you upgrade or your monthly allowance resets.',
  },
  {
    question: 'Can I change plans at any time?',
    answer: `Yes. ${CLAIMS.planChanges}`,
  },
  {
    question: 'What happens to my data if I cancel?',
    answer: `Your paid plan stays usable until the end of the current billing period. ${CLAIMS.dataAfterCancel}`,
  },
  {
    question: 'How quickly will I get feedback?',
    answer: CLAIMS.firstFeedback,
  },
];
