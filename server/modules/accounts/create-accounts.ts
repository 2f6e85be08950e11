/** The accounts module, wired: sessions, e-mailed links, sign-up and login. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Transactor } from '../../db/transaction';
import type { Logger } from '../../lib/logger';
import type { PasswordHasher } from '../../lib/passwords';
import type { Clock } from '../../lib/time';
import type { Mailer } from '../../mail/mailer';
import { createAccountTransaction } from './account-transaction';
import { createAccountsRepo } from './accounts.repo';
import { createAuthService } from './auth.service';
import { createEmailTokensRepo } from './email-tokens.repo';
import { createEmailTokensService } from './email-tokens.service';
import { createSessionsRepo } from './sessions.repo';
import { createSessionsService } from './sessions.service';

export function createAccounts(deps: {
  db: Kysely<Database>;
  transact: Transactor;
  clock: Clock;
  publicUrl: string;
  passwords: PasswordHasher;
  mailer: Mailer;
  logger: Logger;
  /** True when an invitation token was mailed to this address (sign-up from the invite page). */
  invitationConfirms: (token: string, email: string) => Promise<boolean>;
}) {
  const { db, transact, clock, publicUrl, passwords, mailer, logger } = deps;
  const accounts = createAccountsRepo(db);
  const sessions = createSessionsService({ sessions: createSessionsRepo(db), clock });
  const emailTokens = createEmailTokensService({ tokens: createEmailTokensRepo(db), clock, publicUrl });
  const inTransaction = createAccountTransaction({ transact, clock, publicUrl });
  /** What the account services share (the profile service is made with billing's hooks later). */
  const accountDeps = { accounts, sessions, emailTokens, inTransaction, passwords, mailer, logger, clock };
  const auth = createAuthService({ ...accountDeps, invitationConfirms: deps.invitationConfirms });
  return { accountDeps, sessions, auth };
}
