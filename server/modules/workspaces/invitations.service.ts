/**
 * Invitations by e-mail: a link to `PUBLIC_URL/invite?token=…` that works once, for 7 days, for
 * the invited address only. An invitation holds a seat of the plan until it is accepted, withdrawn
 * or expires. Opening the link proves the address, so a newcomer who signs up from it starts
 * confirmed (auth.service.ts asks `confirmsAddress`).
 */
import type { Kysely } from 'kysely';
import type { Invitation, InvitationPreview, WorkspaceSummary } from '../../../src/shared/api';
import type { PlanTable } from '../../../src/shared/plans';
import type { InvitationInput } from '../../../src/shared/schemas';
import type { Database } from '../../db/schema';
import type { Transactor } from '../../db/transaction';
import type { AuthUser } from '../../lib/auth';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { hashToken, newId, newSecretToken } from '../../lib/ids';
import type { Logger } from '../../lib/logger';
import { DAY_MS, addMs, type Clock } from '../../lib/time';
import { sendInBackground, type Mailer } from '../../mail/mailer';
import { invitationMail } from '../../mail/templates/account-mails';
import type { ActivityLog } from '../activity/activity.service';
import { seatRefusal, type BillingMode } from '../plans/plans.service';
import type { WorkspaceAccess } from './workspace-access';
import { createWorkspacesRepo } from './workspaces.repo';

export const INVITATION_LIFETIME_MS = 7 * DAY_MS;

export const INVITATION_MESSAGES = {
  alreadyMember: 'This person is already a member of the workspace.',
  notFound: 'Invitation not found',
  invalid: 'This invitation is invalid or has expired. Ask for a new one.',
  otherAddress: 'This invitation was sent to another e-mail address. Sign in with that address to accept it.',
  unconfirmed: 'Please confirm your e-mail address first, then accept the invitation.',
} as const;

interface InvitationsDeps {
  db: Kysely<Database>;
  transact: Transactor;
  clock: Clock;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
  plans: PlanTable;
  billingMode: BillingMode;
  activity: ActivityLog;
}

export function createInvitationsService(deps: InvitationsDeps) {
  const { db, transact, clock, mailer, logger, publicUrl, plans, billingMode, activity } = deps;
  const workspaces = createWorkspacesRepo(db);

  async function openInvitation(token: string) {
    const found = await workspaces.findOpenInvitation(hashToken(token), clock.now().toISOString());
    if (!found) throw badRequest(INVITATION_MESSAGES.invalid);
    return found;
  }

  return {
    async invite(workspace: WorkspaceAccess, input: InvitationInput): Promise<Invitation> {
      const now = clock.now();
      const members = await workspaces.members(workspace.id);
      if (members.some((member) => member.email === input.email)) throw conflict(INVITATION_MESSAGES.alreadyMember);
      // A new link for an address already invited replaces the old one, and its seat.
      const pending = await workspaces.openInvitations(workspace.id, now.toISOString());
      const reinvite = pending.some((invitation) => invitation.email === input.email);
      const taken = (await workspaces.seatsTaken(workspace.id, now.toISOString())) - (reinvite ? 1 : 0);
      const refused = seatRefusal(plans, workspace, taken, now, billingMode);
      if (refused) throw forbidden(refused);

      const token = newSecretToken();
      const invitation: Invitation = {
        _id: newId(),
        email: input.email,
        role: input.role,
        expiresAt: addMs(now, INVITATION_LIFETIME_MS).toISOString(),
      };
      await transact(async (trx) => {
        await createWorkspacesRepo(trx).invite({
          id: invitation._id,
          workspaceId: workspace.id,
          email: invitation.email,
          role: input.role,
          tokenHash: hashToken(token),
          invitedBy: workspace.account.id,
          now: now.toISOString(),
          expiresAt: invitation.expiresAt,
        });
        await activity.record(
          {
            workspaceId: workspace.id,
            actor: { id: workspace.account.id, name: workspace.account.name },
            action: 'invitation.sent',
            target: { type: 'invitation', id: invitation._id, name: `${input.email} as ${input.role}` },
          },
          trx,
        );
      });
      const link = `${publicUrl}/invite?token=${encodeURIComponent(token)}`;
      sendInBackground(mailer, logger, { to: input.email, ...invitationMail(link) });
      return invitation;
    },

    async withdraw(workspace: WorkspaceAccess, invitationId: string): Promise<void> {
      const email = await workspaces.withdraw(workspace.id, invitationId);
      if (!email) throw notFound(INVITATION_MESSAGES.notFound);
      await activity.record({
        workspaceId: workspace.id,
        actor: { id: workspace.account.id, name: workspace.account.name },
        action: 'invitation.withdrawn',
        target: { type: 'invitation', id: invitationId, name: email },
      });
    },

    /** What the invite page shows before anyone signs in: the workspace and the address invited. */
    async preview(token: string): Promise<InvitationPreview> {
      const found = await openInvitation(token);
      return { workspaceName: found.workspace_name, email: found.email, role: found.role, expiresAt: found.expires_at };
    },

    /** True when `token` is an open invitation for `email`: the link proves the address. */
    async confirmsAddress(token: string, email: string): Promise<boolean> {
      const found = await workspaces.findOpenInvitation(hashToken(token), clock.now().toISOString());
      return found?.email === email;
    },

    /** Joins the invited workspace, which becomes the account's default. */
    async accept(account: AuthUser, token: string): Promise<WorkspaceSummary> {
      const found = await openInvitation(token);
      const self = await db
        .selectFrom('users')
        .select(['email', 'email_confirmed_at'])
        .where('id', '=', account.id)
        .executeTakeFirst();
      if (self?.email !== found.email) throw forbidden(INVITATION_MESSAGES.otherAddress);
      if (!self.email_confirmed_at) throw forbidden(INVITATION_MESSAGES.unconfirmed);
      const existing = await workspaces.roleOf(found.workspace_id, account.id);
      const role = existing ?? found.role;
      await transact(async (trx) => {
        const repo = createWorkspacesRepo(trx);
        if (!(await repo.markAccepted(found.id, clock.now().toISOString())))
          throw badRequest(INVITATION_MESSAGES.invalid);
        if (!existing) await repo.addMember(found.workspace_id, account.id, found.role, clock.now().toISOString());
        await repo.rememberChoice(account.id, found.workspace_id);
        await activity.record(
          {
            workspaceId: found.workspace_id,
            actor: account,
            action: 'member.joined',
            target: { type: 'member', id: account.id, name: `${account.name} as ${role}` },
          },
          trx,
        );
      });
      return { _id: found.workspace_id, name: found.workspace_name, role };
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
