import { SUPPORT_EMAIL } from '../../../config/paths';
import { LegalPage, type LegalSection } from './legal-page';

const SECTIONS: LegalSection[] = [
  {
    heading: 'Data we collect',
    text: 'For site owners: your name, e-mail address and a hashed password, plus the widgets, news posts and settings you create. For visitors of our customers’ sites: the feedback message, the page address and browser information, and a name or e-mail address only when the visitor chooses to give one.',
  },
  {
    heading: 'How we use it',
    text: 'We use your data to run the service: to sign you in, to show feedback and news in your dashboard and widgets, to send account e-mails and to bill paid plans.',
  },
  {
    heading: 'Sharing',
    text: 'We do not sell your data. We share it only with the providers we need to run the service, such as the card payment provider for paid plans and our e-mail provider, or when the law requires it.',
  },
  {
    heading: 'Anonymous feedback',
    text: 'Visitors can leave feedback without an account and without giving a name or e-mail address. Feedback is visible only to the owner of the widget that received it.',
  },
  {
    heading: 'Security',
    text: 'Passwords are stored hashed, connections are encrypted, and access to your data requires your session token.',
  },
  {
    heading: 'Your rights',
    text: 'You can see and correct your profile in your account settings, and delete your account at any time, which removes your widgets, feedback and news posts.',
  },
  { heading: 'Contact', text: `Questions about privacy? Write to ${SUPPORT_EMAIL}.` },
];

export function PrivacyPolicyPage() {
  return <LegalPage title="Privacy Policy" sections={SECTIONS} />;
}
