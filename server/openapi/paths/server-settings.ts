/** What owners and admins may read of the server's own settings. */
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { mailSenderSchema } from '../../../src/shared/schemas/responses/server';
import { json, ownerOperation } from '../operations';

export const serverSettingsPaths: ZodOpenApiPathsObject = {
  '/api/server/mail-sender': {
    get: ownerOperation({
      operationId: 'getMailSender',
      permission: 'server.read',
      summary: "The address Tellbox's mails come from",
      description:
        "MAIL_FROM's address, and whether it is still the default at `localhost`, which most mail servers refuse: the dashboard then warns whoever may act on it.",
      tags: ['Dashboard'],
      responses: { 200: json('The sender.', mailSenderSchema) },
    }),
  },
};
