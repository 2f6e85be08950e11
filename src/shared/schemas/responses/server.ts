/** What the server tells owners and admins about its own settings. */
import { z } from '../zod';

/** `GET /api/server/mail-sender`: the address Tellbox's mails come from (MAIL_FROM). */
export const mailSenderSchema = z
  .strictObject({
    address: z.string().meta({ description: "MAIL_FROM's address, e.g. `no-reply@example.com`." }),
    local: z.boolean().meta({
      description:
        'Whether the address is still at `localhost` (the default): most mail servers refuse or bin such mail, so the console warns.',
    }),
  })
  .meta({ id: 'MailSender' });
