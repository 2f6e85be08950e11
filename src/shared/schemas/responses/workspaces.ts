/** What the team routes answer. */
import { ROLES } from '../../roles';
import { z } from '../zod';
import { idSchema, isoTimeSchema } from './common';

const role = z.enum(ROLES);

export const workspaceSummarySchema = z
  .strictObject({ _id: idSchema, name: z.string(), role })
  .meta({ id: 'WorkspaceSummary', description: 'A workspace, and the role of the account asking in it.' });

export const workspaceListResponseSchema = z.strictObject({ workspaces: z.array(workspaceSummarySchema) });
export const workspaceResponseSchema = z.strictObject({ workspace: workspaceSummarySchema });

export const memberSchema = z
  .strictObject({ accountId: idSchema, name: z.string(), email: z.string(), role })
  .meta({ id: 'Member' });

export const invitationSchema = z
  .strictObject({ _id: idSchema, email: z.string(), role, expiresAt: isoTimeSchema })
  .meta({ id: 'Invitation', description: 'An invitation not yet accepted, withdrawn or expired.' });

export const membersResponseSchema = z.strictObject({
  members: z.array(memberSchema),
  invitations: z.array(invitationSchema),
});

/** The invite page: which workspace a link is for, before it is accepted. */
export const invitationPreviewSchema = z.strictObject({
  workspaceName: z.string(),
  email: z.string(),
  role,
  expiresAt: isoTimeSchema,
});

export const activityEntrySchema = z
  .strictObject({
    _id: idSchema,
    at: isoTimeSchema,
    actor: z.strictObject({ accountId: idSchema.nullable(), name: z.string() }),
    action: z.string().meta({ description: 'What was done, e.g. `member.removed`, `feedback.assigned`.' }),
    target: z.strictObject({ type: z.string(), id: z.string().optional(), name: z.string().optional() }),
  })
  .meta({ id: 'ActivityEntry' });

export const activityResponseSchema = z.strictObject({
  entries: z.array(activityEntrySchema),
  nextCursor: z.string().nullable(),
});
