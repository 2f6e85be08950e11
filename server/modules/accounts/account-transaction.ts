import type { Transactor } from '../../db/transaction';
import type { Clock } from '../../lib/time';
import { createAccountsRepo, type AccountsRepo } from './accounts.repo';
import { createEmailTokensRepo } from './email-tokens.repo';
import { createEmailTokensService, type EmailTokensService } from './email-tokens.service';
import { createSessionsRepo } from './sessions.repo';
import { createSessionsService, type SessionsService } from './sessions.service';

/** The accounts module's stores, all bound to one transaction. */
export interface AccountStores {
  accounts: AccountsRepo;
  emailTokens: EmailTokensService;
  sessions: SessionsService;
}

/**
 * Runs `work` in one database transaction: everything it writes lands together or not at all
 * (a reset link is not used up when the new password could not be stored).
 */
export type InAccountTransaction = <T>(work: (stores: AccountStores) => Promise<T>) => Promise<T>;

/**
 * Builds the runner. Work inside should only touch the database: the transaction holds the
 * connection (and, on SQLite, the write lock) until it ends, so slow steps such as password
 * hashing belong before it.
 */
export function createAccountTransaction(deps: {
  transact: Transactor;
  clock: Clock;
  publicUrl: string;
}): InAccountTransaction {
  const { transact, clock, publicUrl } = deps;
  return (work) =>
    transact((trx) =>
      work({
        accounts: createAccountsRepo(trx),
        emailTokens: createEmailTokensService({ tokens: createEmailTokensRepo(trx), clock, publicUrl }),
        sessions: createSessionsService({ sessions: createSessionsRepo(trx), clock }),
      }),
    );
}
