/** The team routes' input: workspaces, invitations, roles, transfer, the activity log. */
import { ASSIGNABLE_ROLES } from '../roles';
import { emailField, VALID_EMAIL_MESSAGE } from './fields';
import { z } from './zod';

export const MAX_WORKSPACE_NAME_LENGTH = 60;

export const WORKSPACE_INPUT_MESSAGES = {
  nameMissing: 'Please enter a name for the workspace',
  nameTooLong: `A workspace name can be at most ${MAX_WORKSPACE_NAME_LENGTH} characters`,
  role: 'Choose a role: admin, member or viewer',
  account: 'Choose a member',
  password: 'Please enter your current password',
};

const workspaceName = z
  .string(WORKSPACE_INPUT_MESSAGES.nameMissing)
  .trim()
  .min(1, WORKSPACE_INPUT_MESSAGES.nameMissing)
  .max(MAX_WORKSPACE_NAME_LENGTH, WORKSPACE_INPUT_MESSAGES.nameTooLong);

const assignableRole = z.enum(ASSIGNABLE_ROLES, WORKSPACE_INPUT_MESSAGES.role);

/** `POST /api/workspaces` and `PUT /api/workspace`. */
export const workspaceInputSchema = z.strictObject({ name: workspaceName });
export type WorkspaceInput = z.output<typeof workspaceInputSchema>;

/** `POST /api/workspace/invitations`. */
export const invitationInputSchema = z.strictObject({ email: emailField(VALID_EMAIL_MESSAGE), role: assignableRole });
export type InvitationInput = z.output<typeof invitationInputSchema>;

/** `POST /api/invitations/accept`, and the invite page's `?token=`. */
export const invitationTokenSchema = z.strictObject({ token: z.string().min(1).max(200) });

/** `PUT /api/workspace/members/:accountId`. */
export const roleChangeInputSchema = z.strictObject({ role: assignableRole });
export type RoleChangeInput = z.output<typeof roleChangeInputSchema>;

/** `POST /api/workspace/transfer`: the owner's password, as every sensitive change asks for. */
export const transferInputSchema = z.strictObject({
  accountId: z.string(WORKSPACE_INPUT_MESSAGES.account).min(1, WORKSPACE_INPUT_MESSAGES.account).max(100),
  currentPassword: z.string(WORKSPACE_INPUT_MESSAGES.password).min(1, WORKSPACE_INPUT_MESSAGES.password).max(200),
});
export type TransferInput = z.output<typeof transferInputSchema>;

/** `DELETE /api/workspace`: the owner's password, for what cannot be undone. */
export const deleteWorkspaceInputSchema = z.strictObject({
  currentPassword: transferInputSchema.shape.currentPassword,
});
export type DeleteWorkspaceInput = z.output<typeof deleteWorkspaceInputSchema>;

export const MAX_ACTIVITY_PAGE = 100;

/** `GET /api/workspace/activity?limit&cursor`. */
export const activityQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_ACTIVITY_PAGE).default(50),
  cursor: z.string().max(200).optional(),
});
export type ActivityQuery = z.output<typeof activityQuerySchema>;
