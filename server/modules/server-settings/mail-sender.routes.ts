import { Router } from 'express';
import type { MailSender } from '../../../src/shared/api';
import { isLocalSender, senderAddressOf } from '../../mail/sender';

/**
 * `GET /api/server/mail-sender`: where Tellbox's mails come from, for the console's warning while
 * MAIL_FROM is still the default `…@localhost` (owners and admins: `server.read`).
 */
export function createMailSenderRouter(mailFrom: string) {
  const router = Router();
  const answer: MailSender = { address: senderAddressOf(mailFrom), local: isLocalSender(mailFrom) };
  router.get('/server/mail-sender', (_req, res) => {
    res.json(answer);
  });
  return router;
}
