import { SUPPORT_EMAIL } from '../../../config/paths';
import { LegalPage, type LegalSection } from './legal-page';

const SECTIONS: LegalSection[] = [
  { heading: 'Acceptance of terms', text: 'By creating an account or using Tellbox you accept these terms.' },
  {
    heading: 'Description of the service',
    text: 'Tellbox lets website owners embed a widget that collects anonymous visitor feedback and shows short news posts, and manage both from a dashboard.',
  },
  {
    heading: 'Accounts',
    text: 'You are responsible for your account and for keeping your password secret. Confirm your e-mail address to activate your account.',
  },
  {
    heading: 'Usage limits and billing',
    text: 'Each plan has the limits shown on our pricing page; Premium is subject to a fair use policy. Paid plans are billed monthly and you can cancel any time; a cancelled plan stays usable until the end of the current billing period.',
  },
  {
    heading: 'Acceptable use',
    text: 'Do not use Tellbox to send spam, to collect data unlawfully, or to disrupt the service or other people’s sites.',
  },
  {
    heading: 'Content',
    text: 'You own the news posts you publish and the feedback your visitors send you. You are responsible for what you publish.',
  },
  {
    heading: 'Availability',
    text: 'We work to keep Tellbox available at all times but do not guarantee uninterrupted service.',
  },
  {
    heading: 'Limitation of liability',
    text: 'Tellbox is provided as is. To the extent the law allows, we are not liable for indirect damages or lost profits.',
  },
  {
    heading: 'Changes to these terms',
    text: 'We may change these terms; we will tell you of important changes by e-mail or in the dashboard.',
  },
  { heading: 'Contact', text: `Questions about these terms? Write to ${SUPPORT_EMAIL}.` },
];

export function TermsOfServicePage() {
  return <LegalPage title="Terms of Service" sections={SECTIONS} />;
}
