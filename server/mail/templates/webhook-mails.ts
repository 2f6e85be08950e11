/** Mail about the owner's webhooks: an endpoint Tellbox switched off after failing for days. */
import { renderMail, type MailContent } from './layout';

export function webhookDisabledMail(endpointUrl: string, webhooksUrl: string): MailContent {
  return renderMail({
    subject: 'A Tellbox webhook was switched off',
    paragraphs: [
      `Your webhook endpoint ${endpointUrl} has failed every delivery for 3 days, so Tellbox switched it off and stopped sending to it.`,
      'Check that the endpoint is up and answers with a 2xx status, then turn it on again in your webhooks. Its delivery log shows what the endpoint answered.',
    ],
    action: { label: 'Open your webhooks', url: webhooksUrl },
    footnote: 'You get this e-mail because one of your webhook endpoints stopped working.',
  });
}
