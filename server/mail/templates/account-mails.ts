/**
 * The account mails. None of them carries text a user typed (see layout.ts): no name, and the one
 * address a mail mentions besides its recipient is shown masked.
 */
import { renderMail, type MailContent } from './layout';
import { maskEmail } from './mask-email';

/** The sign-up confirmation (docs/product.md, "Accounts"). */
export function confirmEmailMail(link: string): MailContent {
  return renderMail({
    subject: 'Confirm your Tellbox account',
    paragraphs: ['Thanks for signing up for Tellbox. Please confirm your e-mail address to start using your account.'],
    action: { label: 'Confirm my e-mail', url: link },
    footnote: "The link is valid for 48 hours. If you didn't sign up, you can ignore this e-mail.",
  });
}

/** A password reset link, valid for one hour and one use. */
export function resetPasswordMail(link: string): MailContent {
  return renderMail({
    subject: 'Reset your Tellbox password',
    paragraphs: ['Someone (hopefully you) asked to reset the password of your Tellbox account.'],
    action: { label: 'Choose a new password', url: link },
    footnote:
      "The link works once and expires in 1 hour. If you didn't ask for it, ignore this e-mail: your password stays as it is.",
  });
}

/** Tells the owner their password changed (no secret in it), so they notice a change they did not make. */
export function passwordChangedMail(): MailContent {
  return renderMail({
    subject: 'Your Tellbox password was changed',
    paragraphs: [
      'The password of your Tellbox account was just changed, and every other session was signed out.',
      "If this wasn't you, reset your password right away from the login page.",
    ],
  });
}

/** Confirms a new address before the account switches to it. */
export function confirmNewEmailMail(link: string): MailContent {
  return renderMail({
    subject: 'Confirm your new Tellbox e-mail address',
    paragraphs: ['Please confirm that this is the new e-mail address of your Tellbox account.'],
    action: { label: 'Confirm my new e-mail', url: link },
    footnote: 'Until you confirm, your account keeps using its current address.',
  });
}

/**
 * Tells the old address that a change was asked for, so the owner notices one they did not make.
 * The new address was typed by whoever asked, so only a masked hint of it appears: enough for the
 * owner to recognise their own address, too little to carry a message or a link.
 */
export function emailChangeRequestedMail(newEmail: string): MailContent {
  return renderMail({
    subject: 'Your Tellbox e-mail address is changing',
    paragraphs: [
      `Someone asked to change the e-mail address of your Tellbox account to ${maskEmail(newEmail)}. The change happens once the new address is confirmed.`,
      "If this wasn't you, change your password right away.",
    ],
  });
}

/**
 * An invitation to a workspace. Neither the workspace's nor the inviter's name is in it: both were
 * typed by someone the recipient may not know (see layout.ts); the invite page shows them once
 * the link is opened.
 */
export function invitationMail(link: string): MailContent {
  return renderMail({
    subject: "You're invited to a team on Tellbox",
    paragraphs: [
      'Someone invited this e-mail address to join their workspace on Tellbox, where a team reads and answers the feedback of their websites together.',
    ],
    action: { label: 'See the invitation', url: link },
    footnote:
      "The link works once and expires in 7 days. If you don't know who invited you, you can ignore this e-mail.",
  });
}
