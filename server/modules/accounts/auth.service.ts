/**
 * Sign-up, login, logout, e-mail confirmation and password reset (docs/product.md, "Accounts").
 */
import type { LoginResponse, MessageResponse } from '../../../src/shared/api';
import type { LoginInput, RegisterInput, ResetPasswordInput } from '../../../src/shared/schemas';
import { badRequest, conflict, forbidden, unauthorized } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { Logger } from '../../lib/logger';
import type { PasswordHasher } from '../../lib/passwords';
import type { Clock } from '../../lib/time';
import { sendInBackground, type Mailer } from '../../mail/mailer';
import { confirmEmailMail, passwordChangedMail, resetPasswordMail } from '../../mail/templates/account-mails';
import type { InAccountTransaction } from './account-transaction';
import type { AccountsRepo } from './accounts.repo';
import { commonPasswords } from './common-passwords';
import type { EmailTokensService } from './email-tokens.service';
import type { SessionsService } from './sessions.service';

export const AUTH_MESSAGES = {
  registered: 'Account created. Please check your email to confirm your account.',
  registeredInvited: 'Account created. You can log in now.',
  emailTaken: 'An account with this email already exists.',
  badCredentials: 'Invalid email or password.',
  unconfirmed: 'Please confirm your email address before logging in. Check your inbox and spam folder.',
  loggedOut: 'Logged out.',
  confirmed: 'Your email has been confirmed. You can now log in.',
  badConfirmLink: 'This confirmation link is invalid or has expired.',
  resetSent: 'If an account exists for this email, we have sent a password reset link to it.',
  confirmationSent: 'If this email belongs to an account waiting for confirmation, we have sent a new link to it.',
  badResetLink: 'The password reset link is invalid or has expired.',
  passwordReset: 'Password reset successful',
} as const;

interface AuthDeps {
  accounts: AccountsRepo;
  sessions: SessionsService;
  emailTokens: EmailTokensService;
  /** Runs multi-step writes atomically, with the same stores bound to the transaction. */
  inTransaction: InAccountTransaction;
  passwords: PasswordHasher;
  mailer: Mailer;
  logger: Logger;
  clock: Clock;
  /** True when an invitation token was mailed to this address: opening it proved the address. */
  invitationConfirms?: (token: string, email: string) => Promise<boolean>;
}

export function createAuthService(deps: AuthDeps) {
  const { accounts, sessions, emailTokens, inTransaction, passwords, mailer, logger, clock } = deps;
  // Unknown e-mails are checked against this hash so that login takes as long either way.
  const decoyHash = passwords.hash('tellbox-decoy-password');

  return {
    async register(input: RegisterInput): Promise<MessageResponse> {
      await commonPasswords.assertNotCommon(input.password, 'password');
      if (await accounts.emailTaken(input.email)) throw conflict(AUTH_MESSAGES.emailTaken);
      const id = newId();
      const passwordHash = await passwords.hash(input.password);
      const invited =
        input.invitationToken !== undefined &&
        ((await deps.invitationConfirms?.(input.invitationToken, input.email)) ?? false);
      try {
        await accounts.insert({
          id,
          name: input.name,
          email: input.email,
          passwordHash,
          now: clock.now().toISOString(),
          confirmed: invited,
        });
      } catch (error) {
        // Two sign-ups with one address at once (or a sign-up and a confirmed change of address):
        // the unique index decides, the loser gets 409.
        if (await accounts.emailTaken(input.email)) throw conflict(AUTH_MESSAGES.emailTaken);
        throw error;
      }
      logger.info({ userId: id, invited }, 'account registered');
      if (invited) return { message: AUTH_MESSAGES.registeredInvited };
      const link = await emailTokens.issueLink(id, 'confirm-email');
      if (link) sendInBackground(mailer, logger, { to: input.email, ...confirmEmailMail(link) });
      return { message: AUTH_MESSAGES.registered };
    },

    async login(input: LoginInput): Promise<LoginResponse> {
      const account = await accounts.findByEmail(input.email);
      const valid = await passwords.verify(input.password, account?.password_hash ?? (await decoyHash));
      if (!account || !valid) {
        logger.info({ event: 'login-failed', userId: account?.id }, 'login failed');
        throw unauthorized(AUTH_MESSAGES.badCredentials);
      }
      if (!account.email_confirmed_at) throw forbidden(AUTH_MESSAGES.unconfirmed);
      const token = await sessions.issue(account.id);
      logger.info({ event: 'login', userId: account.id }, 'login succeeded');
      return { id: account.id, name: account.name, email: account.email, token };
    },

    async logout(tokenHash: string): Promise<MessageResponse> {
      await sessions.revoke(tokenHash);
      return { message: AUTH_MESSAGES.loggedOut };
    },

    /**
     * Confirms a sign-up address, or a new address from the profile. Using the link and applying
     * it happen in one transaction, so a link whose change could not apply (the address was taken
     * meanwhile: 409) stays unused and changes nothing.
     */
    async confirmEmail(token: string): Promise<MessageResponse> {
      let newEmail: { address: string; userId: string } | undefined;
      try {
        await inTransaction(async (stores) => {
          const redeemed = await stores.emailTokens.redeem(token, ['confirm-email', 'change-email']);
          if (!redeemed) throw badRequest(AUTH_MESSAGES.badConfirmLink);
          const account = await stores.accounts.findLocked(redeemed.user_id);
          if (!account) throw badRequest(AUTH_MESSAGES.badConfirmLink);
          const now = clock.now().toISOString();
          if (redeemed.purpose === 'change-email' && redeemed.email) {
            newEmail = { address: redeemed.email, userId: account.id };
            if (await stores.accounts.emailTaken(redeemed.email, account.id)) throw conflict(AUTH_MESSAGES.emailTaken);
            await stores.accounts.update(account.id, { email: redeemed.email, pending_email: null }, now);
            // Links sent to the previous address (a password reset asked for earlier) die with it.
            await stores.emailTokens.retireAccountLinks(account.id);
          } else {
            await stores.accounts.update(account.id, { email_confirmed_at: now }, now);
          }
        });
      } catch (error) {
        // Another account took the address between the check and the write (PostgreSQL lets two
        // transactions on different account rows both pass the check): the unique index refused it.
        if (newEmail && (await accounts.emailTaken(newEmail.address, newEmail.userId))) {
          throw conflict(AUTH_MESSAGES.emailTaken);
        }
        throw error;
      }
      return { message: AUTH_MESSAGES.confirmed };
    },

    /** Sends a new confirmation link to an unconfirmed account; answers the same either way. */
    async resendConfirmation(email: string): Promise<MessageResponse> {
      const account = await accounts.findByEmail(email);
      if (account && !account.email_confirmed_at) {
        const link = await emailTokens.issueLink(account.id, 'confirm-email');
        if (link) sendInBackground(mailer, logger, { to: account.email, ...confirmEmailMail(link) });
      }
      return { message: AUTH_MESSAGES.confirmationSent };
    },

    /** Answers the same whether or not the account exists (docs/security-model.md A-05). */
    async requestPasswordReset(email: string): Promise<MessageResponse> {
      const account = await accounts.findByEmail(email);
      if (account) {
        const link = await emailTokens.issueLink(account.id, 'reset-password');
        if (link) sendInBackground(mailer, logger, { to: account.email, ...resetPasswordMail(link) });
      }
      return { message: AUTH_MESSAGES.resetSent };
    },

    /**
     * Sets a new password from a reset link and signs every session out. The link is used in the
     * same transaction that stores the password: if the write fails, the link still works.
     */
    async resetPassword(input: ResetPasswordInput): Promise<MessageResponse> {
      await commonPasswords.assertNotCommon(input.password, 'password');
      // A dead link is answered before the costly hash; the transaction checks again.
      if (!(await emailTokens.isValid(input.token, ['reset-password']))) throw badRequest(AUTH_MESSAGES.badResetLink);
      const passwordHash = await passwords.hash(input.password);
      const account = await inTransaction(async (stores) => {
        const redeemed = await stores.emailTokens.redeem(input.token, ['reset-password']);
        if (!redeemed) throw badRequest(AUTH_MESSAGES.badResetLink);
        const found = await stores.accounts.findLocked(redeemed.user_id);
        if (!found) throw badRequest(AUTH_MESSAGES.badResetLink);
        const now = clock.now().toISOString();
        // Opening the link proves the address, so an unconfirmed account is confirmed too.
        await stores.accounts.update(
          found.id,
          { password_hash: passwordHash, email_confirmed_at: found.email_confirmed_at ?? now, pending_email: null },
          now,
        );
        await stores.sessions.revokeAll(found.id);
        await stores.emailTokens.retireAccountLinks(found.id);
        return found;
      });
      sendInBackground(mailer, logger, { to: account.email, ...passwordChangedMail() });
      logger.info({ event: 'password-reset', userId: account.id }, 'password reset');
      return { message: AUTH_MESSAGES.passwordReset };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
