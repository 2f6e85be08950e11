/**
 * `/api/notifications/unsubscribe?token=…`, reached from a mail without logging in. GET only shows
 * a button (mail scanners fetch links, so a GET must change nothing); POST turns e-mail alerts off,
 * from that button or from a mail client's one-click unsubscribe (RFC 8058), whose form-encoded
 * body is `List-Unsubscribe=One-Click`. Mounted ahead of the API's JSON-only body parser.
 */
import express, { Router, type Response } from 'express';
import { consoleHelmet, noStore } from '../../lib/security-headers';
import type { NotificationsService } from './notifications.service';
import { memberOfUnsubscribeToken, type Signer } from './unsubscribe-token';

export const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe';

export const UNSUBSCRIBE_MESSAGES = {
  invalidLink: 'This unsubscribe link is not valid. Log in to Tellbox to change your e-mail alerts in the settings.',
  confirm: 'Stop the e-mails Tellbox sends you about new feedback?',
  done: 'Done: Tellbox will no longer e-mail you about new feedback. You can turn alerts back on in your settings.',
} as const;

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A bare page: no script (the CSP allows none inline) and nothing fetched. */
function page(res: Response, status: number, body: string) {
  res
    .status(status)
    .type('html')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width,initial-scale=1"><title>Tellbox e-mail alerts</title></head>` +
        `<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5">` +
        `<h1 style="font-size:1.25rem">Tellbox e-mail alerts</h1>${body}</body></html>`,
    );
}

const tokenOf = (query: unknown) => {
  const token = (query as Record<string, unknown>).token;
  return typeof token === 'string' ? token : '';
};

export function createUnsubscribeRouter(notifications: NotificationsService, signer: Signer) {
  const router = Router();
  router.use(UNSUBSCRIBE_PATH, consoleHelmet, noStore);

  router.get(UNSUBSCRIBE_PATH, (req, res) => {
    const token = tokenOf(req.query);
    if (!memberOfUnsubscribeToken(signer, token)) {
      page(res, 400, `<p>${escapeHtml(UNSUBSCRIBE_MESSAGES.invalidLink)}</p>`);
      return;
    }
    const action = `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
    page(
      res,
      200,
      `<p>${escapeHtml(UNSUBSCRIBE_MESSAGES.confirm)}</p>` +
        `<form method="post" action="${escapeHtml(action)}">` +
        `<input type="hidden" name="List-Unsubscribe" value="One-Click">` +
        `<button type="submit" style="font-size:1rem;padding:.5rem 1rem">Unsubscribe</button></form>`,
    );
  });

  router.post(UNSUBSCRIBE_PATH, express.urlencoded({ extended: false, limit: '1kb' }), async (req, res) => {
    const member = memberOfUnsubscribeToken(signer, tokenOf(req.query));
    if (!member) {
      page(res, 400, `<p>${escapeHtml(UNSUBSCRIBE_MESSAGES.invalidLink)}</p>`);
      return;
    }
    await notifications.unsubscribe(member);
    page(res, 200, `<p>${escapeHtml(UNSUBSCRIBE_MESSAGES.done)}</p>`);
  });

  return router;
}
