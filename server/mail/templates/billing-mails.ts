import { renderMail, type MailContent } from './layout';

/** Stripe could not charge the owner's card. Plan names are ours; no typed text. */
export function paymentFailedMail(): MailContent {
  return renderMail({
    subject: 'Your Tellbox payment failed',
    paragraphs: [
      "We couldn't charge your card for your Tellbox subscription. Stripe will try again over the next days; your plan stays active meanwhile.",
      'Please check your payment details so your plan keeps running without interruption.',
    ],
  });
}
