/**
 * What a logged-in owner does to their own account: profile, password, deletion (decisions §5).
 */
import type { MessageResponse, UserProfile } from '../../../src/shared/api';
import type { ChangePasswordInput, UpdateUserInput } from '../../../src/shared/schemas';
import type { AuthUser } from '../../lib/auth';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { PasswordHasher } from '../../lib/passwords';
import type { Clock } from '../../lib/time';
import { sendInBackground, type Mailer } from '../../mail/mailer';
import { confirmNewEmailMail, emailChangeRequestedMail, passwordChangedMail } from '../../mail/templates/account-mails';
import type { AccountsRepo } from './accounts.repo';
import { AUTH_MESSAGES } from './auth.service';
import type { EmailTokensService } from './email-tokens.service';
import type { SessionsService } from './sessions.service';

export const PROFILE_MESSAGES = {
  wrongPassword: 'Current password is incorrect.',
  accountNotFound: 'Account not found.',
  deleted: 'Your account and everything in it have been deleted.',
  confirmNewEmail: 'We sent a confirmation link to your new email address. The change applies once you open it.',
  updated: 'Profile updated',
  tooManyEmailChanges: 'Too many email change requests. Please try again in an hour.',
} as const;

interface ProfileDeps {
  accounts: AccountsRepo;
  sessions: SessionsService;
  emailTokens: EmailTokensService;
  passwords: PasswordHasher;
  mailer: Mailer;
  logger: Logger;
  clock: Clock;
  /** Called before an account is deleted (billing cancels its subscription; a throw stops it). */
  beforeAccountDeleted: (userId: string) => Promise<void>;
  /** Called after an account is gone, so caches let go of it. */
  onAccountDeleted: (userId: string) => void;
}

export function createProfileService(deps: ProfileDeps) {
  const { accounts, sessions, emailTokens, passwords, mailer, logger, clock } = deps;

  return {
    async get(user: AuthUser): Promise<UserProfile> {
      const account = await accounts.findById(user.id);
      if (!account) throw notFound(PROFILE_MESSAGES.accountNotFound);
      return { id: account.id, username: account.name, email: account.email, pendingEmail: account.pending_email };
    },

    /**
     * Renames at once. A new e-mail address applies only after its confirmation link is opened;
     * the old address is told (security ).
     */
    async update(user: AuthUser, input: UpdateUserInput): Promise<{ user: UserProfile; message: string }> {
      const now = clock.now().toISOString();
      const changesEmail = input.email !== user.email;
      if (changesEmail && (await accounts.emailTaken(input.email, user.id))) throw conflict(AUTH_MESSAGES.emailTaken);
      // Links sent for an earlier (say, mistyped) address die, so only the latest request can apply;
      // saving the current address again cancels a pending change.
      await emailTokens.retireAll(user.id, 'change-email');
      const link = changesEmail ? await emailTokens.issueLink(user.id, 'change-email', input.email) : undefined;
      if (changesEmail && !link) throw new AppError(429, PROFILE_MESSAGES.tooManyEmailChanges);
      await accounts.update(user.id, { name: input.username, pending_email: changesEmail ? input.email : null }, now);
      if (link) {
        sendInBackground(mailer, logger, { to: input.email, ...confirmNewEmailMail(input.username, link) });
        sendInBackground(mailer, logger, { to: user.email, ...emailChangeRequestedMail(input.username, input.email) });
      }
      return {
        user: {
          id: user.id,
          username: input.username,
          email: user.email,
          pendingEmail: changesEmail ? input.email : null,
        },
        message: changesEmail ? PROFILE_MESSAGES.confirmNewEmail : PROFILE_MESSAGES.updated,
      };
    },

    /** Checks the current password, signs every session out and returns a fresh token. */
    async changePassword(user: AuthUser, input: ChangePasswordInput): Promise<{ user: { token: string } }> {
      const account = await accounts.findById(user.id);
      if (!account) throw notFound(PROFILE_MESSAGES.accountNotFound);
      if (!(await passwords.verify(input.currentPassword, account.password_hash))) {
        logger.info({ event: 'password-change-failed', userId: user.id }, 'wrong current password');
        throw badRequest(PROFILE_MESSAGES.wrongPassword, [
          { path: 'currentPassword', message: PROFILE_MESSAGES.wrongPassword },
        ]);
      }
      const passwordHash = await passwords.hash(input.newPassword);
      await accounts.update(user.id, { password_hash: passwordHash, pending_email: null }, clock.now().toISOString());
      await sessions.revokeAll(user.id);
      await emailTokens.retireAccountLinks(user.id);
      const token = await sessions.issue(user.id);
      sendInBackground(mailer, logger, { to: account.email, ...passwordChangedMail(account.name) });
      logger.info({ event: 'password-changed', userId: user.id }, 'password changed');
      return { user: { token } };
    },

    /** Deletes the caller's own account; any other id is answered as unknown (404). */
    async delete(user: AuthUser, id: string): Promise<MessageResponse> {
      if (id !== user.id) throw notFound(PROFILE_MESSAGES.accountNotFound);
      await deps.beforeAccountDeleted(user.id);
      if (!(await accounts.delete(user.id))) throw notFound(PROFILE_MESSAGES.accountNotFound);
      deps.onAccountDeleted(user.id);
      logger.info({ event: 'account-deleted', userId: user.id }, 'account deleted');
      return { message: PROFILE_MESSAGES.deleted };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
