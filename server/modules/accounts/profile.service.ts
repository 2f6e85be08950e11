/**
 * What a logged-in owner does to their own account: profile, password, deletion (docs/product.md, "Accounts").
 * Whatever could hand the account to someone holding a stolen session (a new e-mail address, a
 * new password, deletion) needs the current password too; renaming alone does not.
 */
import type { MessageResponse, UserProfile } from '../../../src/shared/api';
import {
  CURRENT_PASSWORD_REQUIRED,
  type ChangePasswordInput,
  type DeleteAccountInput,
  type UpdateUserInput,
} from '../../../src/shared/schemas';
import type { UserRow } from '../../db/schema';
import type { AuthUser } from '../../lib/auth';
import { badRequest, conflict, notFound, tooManyRequests } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { PasswordHasher } from '../../lib/passwords';
import type { Clock } from '../../lib/time';
import { sendInBackground, type Mailer } from '../../mail/mailer';
import { confirmNewEmailMail, emailChangeRequestedMail, passwordChangedMail } from '../../mail/templates/account-mails';
import type { InAccountTransaction } from './account-transaction';
import type { AccountsRepo } from './accounts.repo';
import { AUTH_MESSAGES } from './auth.service';
import { commonPasswords } from './common-passwords';
import type { EmailTokensService } from './email-tokens.service';
import type { SessionsService } from './sessions.service';

export const PROFILE_MESSAGES = {
  wrongPassword: 'Current password is incorrect.',
  accountNotFound: 'Account not found.',
  deleted: 'Your account and everything in it have been deleted.',
  confirmNewEmail: 'We sent a confirmation link to your new email address. The change applies once you open it.',
  updated: 'Profile updated',
  tooManyEmailChanges: 'Too many email change requests. Please try again in an hour.',
  ownsSharedWorkspace: (name: string) =>
    `You are the only owner of ${name}, which has other members. Hand its ownership to one of them, or remove them, before deleting your account.`,
} as const;

interface ProfileDeps {
  accounts: AccountsRepo;
  sessions: SessionsService;
  emailTokens: EmailTokensService;
  /** Runs multi-step writes atomically, with the same stores bound to the transaction. */
  inTransaction: InAccountTransaction;
  passwords: PasswordHasher;
  mailer: Mailer;
  logger: Logger;
  clock: Clock;
  /** Called before a workspace is deleted (billing cancels its subscription; a throw stops it). */
  beforeWorkspaceDeleted: (workspaceId: string) => Promise<void>;
  /** Called after a workspace is gone, so caches let go of it. */
  onWorkspaceDeleted: (workspaceId: string) => void;
}

const wrongPassword = () =>
  badRequest(PROFILE_MESSAGES.wrongPassword, [{ path: 'currentPassword', message: PROFILE_MESSAGES.wrongPassword }]);

/**
 * On the account row locked for a write: it still exists and, when a current password was
 * checked before the transaction, that password is still the current one (another request may
 * have changed it meanwhile, and then the one given no longer counts).
 */
function assertStillValid(locked: UserRow | undefined, checked: UserRow | null): asserts locked is UserRow {
  if (!locked) throw notFound(PROFILE_MESSAGES.accountNotFound);
  if (checked && locked.password_hash !== checked.password_hash) throw wrongPassword();
}

export function createProfileService(deps: ProfileDeps) {
  const { accounts, inTransaction, passwords, mailer, logger, clock } = deps;

  /**
   * The account, once `currentPassword` proves its holder knows the password (400 on the
   * `currentPassword` field otherwise). Runs outside any transaction: hashing is slow.
   */
  async function checkCurrentPassword(userId: string, currentPassword: string | undefined, action: string) {
    if (!currentPassword) {
      throw badRequest(CURRENT_PASSWORD_REQUIRED, [{ path: 'currentPassword', message: CURRENT_PASSWORD_REQUIRED }]);
    }
    const account = await accounts.findById(userId);
    if (!account) throw notFound(PROFILE_MESSAGES.accountNotFound);
    if (!(await passwords.verify(currentPassword, account.password_hash))) {
      logger.info({ event: `${action}-failed`, userId }, 'wrong current password');
      throw wrongPassword();
    }
    return account;
  }

  return {
    async get(user: AuthUser): Promise<UserProfile> {
      const account = await accounts.findById(user.id);
      if (!account) throw notFound(PROFILE_MESSAGES.accountNotFound);
      return { id: account.id, username: account.name, email: account.email, pendingEmail: account.pending_email };
    },

    /**
     * Renames at once. A new e-mail address needs the current password and applies only after
     * its confirmation link is opened; the old address is told, so a stolen session cannot switch it
     * quietly.
     */
    async update(user: AuthUser, input: UpdateUserInput): Promise<{ user: UserProfile; message: string }> {
      const changesEmail = input.email !== user.email;
      const checked = changesEmail ? await checkCurrentPassword(user.id, input.currentPassword, 'email-change') : null;
      const link = await inTransaction(async ({ accounts: locked, emailTokens }) => {
        assertStillValid(await locked.findLocked(user.id), checked);
        if (changesEmail && (await locked.emailTaken(input.email, user.id))) throw conflict(AUTH_MESSAGES.emailTaken);
        // Links sent for an earlier (say, mistyped) address die, so only the latest request can
        // apply; saving the current address again cancels a pending change.
        await emailTokens.retireAll(user.id, 'change-email');
        const issued = changesEmail ? await emailTokens.issueLink(user.id, 'change-email', input.email) : undefined;
        if (changesEmail && !issued) {
          const wait = await emailTokens.secondsUntilNextLink(user.id, 'change-email');
          throw tooManyRequests(PROFILE_MESSAGES.tooManyEmailChanges, wait);
        }
        const pendingEmail = changesEmail ? input.email : null;
        await locked.update(user.id, { name: input.username, pending_email: pendingEmail }, clock.now().toISOString());
        return issued;
      });
      if (link) {
        sendInBackground(mailer, logger, { to: input.email, ...confirmNewEmailMail(link) });
        sendInBackground(mailer, logger, { to: user.email, ...emailChangeRequestedMail(input.email) });
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

    /**
     * Checks the current password, then stores the new one, signs every session out and returns
     * a fresh token, all in one transaction. Of two changes made at once with the same current
     * password, the later one finds it changed and gets the wrong-password 400.
     */
    async changePassword(user: AuthUser, input: ChangePasswordInput): Promise<{ user: { token: string } }> {
      await commonPasswords.assertNotCommon(input.newPassword, 'newPassword');
      const checked = await checkCurrentPassword(user.id, input.currentPassword, 'password-change');
      const passwordHash = await passwords.hash(input.newPassword);
      const token = await inTransaction(async ({ accounts: locked, sessions, emailTokens }) => {
        assertStillValid(await locked.findLocked(user.id), checked);
        await locked.update(user.id, { password_hash: passwordHash, pending_email: null }, clock.now().toISOString());
        await sessions.revokeAll(user.id);
        await emailTokens.retireAccountLinks(user.id);
        return sessions.issue(user.id);
      });
      sendInBackground(mailer, logger, { to: checked.email, ...passwordChangedMail() });
      logger.info({ event: 'password-changed', userId: user.id }, 'password changed');
      return { user: { token } };
    },

    /** Only the caller's own account may be deleted; any other id is answered as unknown (404). */
    assertOwnAccount(user: AuthUser, id: string): void {
      if (id !== user.id) throw notFound(PROFILE_MESSAGES.accountNotFound);
    },

    /**
     * Deletes the caller's own account once the current password confirms it, with the
     * workspaces only it owns and nobody else is in. One it owns alone that has other members is
     * refused (409): their data is not the account's alone to delete.
     */
    async delete(user: AuthUser, input: DeleteAccountInput): Promise<MessageResponse> {
      await checkCurrentPassword(user.id, input.currentPassword, 'account-deletion');
      const owned = await accounts.soleOwnedWorkspaces(user.id);
      const shared = owned.find((workspace) => workspace.otherMembers > 0);
      if (shared) throw conflict(PROFILE_MESSAGES.ownsSharedWorkspace(shared.name));
      for (const workspace of owned) {
        await deps.beforeWorkspaceDeleted(workspace.id);
        await accounts.deleteWorkspace(workspace.id);
        deps.onWorkspaceDeleted(workspace.id);
      }
      if (!(await accounts.delete(user.id))) throw notFound(PROFILE_MESSAGES.accountNotFound);
      logger.info({ event: 'account-deleted', userId: user.id }, 'account deleted');
      return { message: PROFILE_MESSAGES.deleted };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
