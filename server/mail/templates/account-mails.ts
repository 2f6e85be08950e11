import { renderMail, type MailContent } from './layout';

/** The sign-up confirmation (decisions §5). */
export function confirmEmailMail(name: string, link: string): MailContent {
  return renderMail({
    subject: 'Confirm your Tellbox account',
    greeting: `Hi ${name},`,
    paragraphs: ['Thanks for signing up for Tellbox. Please confirm your e-mail address to start using your account.'],
    action: { label: 'Confirm my e-mail', url: link },
    footnote: "The link is valid for 48 hours. If you didn't sign up, you can ignore this e-mail.",
  });
}

/** A password reset link, valid for one hour and one use. */
export function resetPasswordMail(name: string, link: string): MailContent {
  return renderMail({
    subject: 'Reset your Tellbox password',
    greeting: `Hi ${name},`,
    paragraphs: ['Someone (hopefully you) asked to reset the password of your Tellbox account.'],
    action: { label: 'Choose a new password', url: link },
    footnote:
      "The link works once and expires in 1 hour. If you didn't ask for it, ignore this e-mail: your password stays as it is.",
  });
}

/** Tells the owner their password changed, without any secret (security A-12). */
export function passwordChangedMail(name: string): MailContent {
  return renderMail({
    subject: 'Your Tellbox password was changed',
    greeting: `Hi ${name},`,
    paragraphs: [
      'The password of your Tellbox account was just changed, and every other session was signed out.',
      "If this wasn't you, reset your password right away from the login page.",
    ],
  });
}

/** Confirms a new address before the account switches to it. */
export function confirmNewEmailMail(name: string, link: string): MailContent {
  return renderMail({
    subject: 'Confirm your new Tellbox e-mail address',
    greeting: `Hi ${name},`,
    paragraphs: ['Please confirm that this is the new e-mail address of your Tellbox account.'],
    action: { label: 'Confirm my new e-mail', url: link },
    footnote: 'Until you confirm, your account keeps using its current address.',
  });
}

/** Tells the old address that a change was asked for (security A-12). */
export function emailChangeRequestedMail(name: string, newEmail: string): MailContent {
  return renderMail({
    subject: 'Your Tellbox e-mail address is changing',
    greeting: `Hi ${name},`,
    paragraphs: [
      `Someone asked to change the e-mail address of your Tellbox account to ${newEmail}. The change happens once the new address is confirmed.`,
      "If this wasn't you, change your password right away.",
    ],
  });
}
