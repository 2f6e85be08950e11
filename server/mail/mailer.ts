/**
 * Outgoing mail. With `SMTP_URL`, messages go to that server; without it every message is
 * written to `DATA_DIR/outbox/` as an `.eml` file and logged with its link, so a self-hosting
 * admin can finish a sign-up without a mail server (docs/architecture.md, "Configuration").
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import { PRIVATE_FILE_MODE, makePrivateDir } from '../lib/private-files';
import { onBehalfOf } from './sender';
import type { MailContent } from './templates/layout';

export interface OutgoingMail extends MailContent {
  to: string;
  /** Extra header fields, e.g. `List-Unsubscribe` on alerts. */
  headers?: Record<string, string>;
  /** Where an answer goes when it is not Tellbox (an owner's reply to a visitor). */
  replyTo?: string;
  /**
   * Who the mail is on behalf of (a workspace's name): it then comes from "<name> via Tellbox" at
   * MAIL_FROM's address (sender.ts) instead of MAIL_FROM as written.
   */
  onBehalfOf?: string;
}

export interface Mailer {
  /** Sends one message; rejects when it could not be delivered or written. */
  send(mail: OutgoingMail): Promise<void>;
  /** Where messages go, for the start-up log. */
  describe(): string;
  /** Resolves once every message handed to `send` so far has been delivered or has failed. */
  idle(): Promise<void>;
  /** Messages handed to `send` that are not yet delivered and have not failed: the mail queue. */
  queued(): number;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  logger: Logger;
}

function outboxFileName(): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return `${stamp}-${Math.random().toString(36).slice(2, 8)}.eml`;
}

/** Keeps track of sends under way, so shutdown (and tests) can wait for them. */
function trackPending(deliver: (mail: OutgoingMail) => Promise<void>) {
  const pending = new Set<Promise<void>>();
  return {
    send(mail: OutgoingMail) {
      const sending = deliver(mail);
      const settled = sending.then(
        () => undefined,
        () => undefined,
      );
      pending.add(settled);
      void settled.then(() => pending.delete(settled));
      return sending;
    },
    idle: async () => {
      await Promise.all(pending);
    },
    queued: () => pending.size,
  };
}

export function createMailer({ smtpUrl, from, outboxDir, logger }: MailerOptions): Mailer {
  const fromOf = (mail: OutgoingMail) => (mail.onBehalfOf === undefined ? from : onBehalfOf(mail.onBehalfOf, from));
  if (smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(smtpUrl);
    return {
      ...trackPending(async (mail) => {
        const { to, subject, text, html, headers, replyTo } = mail;
        await transport.sendMail({ from: fromOf(mail), to, subject, text, html, headers, replyTo });
      }),
      describe: () => `SMTP (${new URL(smtpUrl).host})`,
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    ...trackPending(async (mail) => {
      const { to, subject, text, html, link, headers, replyTo } = mail;
      const info = await transport.sendMail({ from: fromOf(mail), to, subject, text, html, headers, replyTo });
      // A mail holds live links (a password reset): only the server's user may read it.
      makePrivateDir(outboxDir);
      const file = path.join(outboxDir, outboxFileName());
      await fs.writeFile(file, info.message as Buffer, { mode: PRIVATE_FILE_MODE });
      // Without SMTP the admin finishes sign-ups from this line, so it carries the link (docs/product.md,
      // Accounts).
      logger.info({ to, subject, link, file }, 'mail written to outbox');
    }),
    describe: () => `outbox folder ${outboxDir} (set SMTP_URL to send real mail)`,
    close: () => transport.close(),
  };
}

/** Sends without making the caller wait; a failure is logged, never thrown at a request. */
export function sendInBackground(mailer: Mailer, logger: Logger, mail: OutgoingMail): void {
  mailer.send(mail).catch((error: unknown) => {
    logger.error({ err: error, subject: mail.subject }, 'mail could not be sent');
  });
}
