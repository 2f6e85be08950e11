/** Workspaces, their members, invitations, ownership and the activity log. */
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import {
  activityQuerySchema,
  deleteWorkspaceInputSchema,
  invitationInputSchema,
  invitationTokenSchema,
  roleChangeInputSchema,
  transferInputSchema,
  workspaceInputSchema,
} from '../../../src/shared/schemas';
import { z } from '../../../src/shared/schemas/zod';
import { messageResponseSchema } from '../../../src/shared/schemas/responses/common';
import {
  activityResponseSchema,
  invitationPreviewSchema,
  invitationSchema,
  memberSchema,
  membersResponseSchema,
  workspaceListResponseSchema,
  workspaceResponseSchema,
} from '../../../src/shared/schemas/responses/workspaces';
import { errors, json, jsonBody, ownerOperation, publicOperation } from '../operations';

const tags = ['Teams'];
const memberPath = z.object({ accountId: z.string() });
const idPath = z.object({ id: z.string() });

export const teamPaths: ZodOpenApiPathsObject = {
  '/api/workspaces': {
    get: ownerOperation({
      operationId: 'listWorkspaces',
      permission: 'account',
      summary: "The account's workspaces and its role in each",
      tags,
      responses: { 200: json('By name.', workspaceListResponseSchema) },
    }),
    post: ownerOperation({
      operationId: 'createWorkspace',
      permission: 'account',
      summary: 'Create a workspace; the account is its owner, and it becomes the default',
      tags,
      requestBody: jsonBody(workspaceInputSchema),
      responses: { 201: json('The new workspace.', workspaceResponseSchema), ...errors(400) },
    }),
  },
  '/api/workspace': {
    put: ownerOperation({
      operationId: 'renameWorkspace',
      permission: 'workspace.rename',
      summary: 'Rename the workspace',
      tags,
      requestBody: jsonBody(workspaceInputSchema),
      responses: { 200: json('The workspace as it is now.', workspaceResponseSchema), ...errors(400) },
    }),
    delete: ownerOperation({
      operationId: 'deleteWorkspace',
      permission: 'workspace.delete',
      summary: 'Delete the workspace and everything in it',
      description:
        'Needs the current password. Its subscription is cancelled first (502 when the payment provider fails, and nothing is deleted). Members keep their accounts and other workspaces.',
      tags,
      requestBody: jsonBody(deleteWorkspaceInputSchema),
      responses: { 200: json('Deleted.', messageResponseSchema), ...errors(400, 502) },
    }),
  },
  '/api/workspace/members': {
    get: ownerOperation({
      operationId: 'listMembers',
      permission: 'members.read',
      summary: 'The team, and the invitations still open',
      description: 'Invitations are listed to owners and admins only; others get an empty list.',
      tags,
      responses: { 200: json('Owners first.', membersResponseSchema) },
    }),
  },
  '/api/workspace/members/{accountId}': {
    put: ownerOperation({
      operationId: 'changeMemberRole',
      permission: 'team.manage',
      summary: "Change a member's role",
      description:
        "Only an owner changes an owner's role, and never the last owner's. Ownership is given by a transfer.",
      tags,
      requestParams: { path: memberPath },
      requestBody: jsonBody(roleChangeInputSchema),
      responses: {
        200: json('The member as they are now.', z.strictObject({ member: memberSchema })),
        ...errors(400, 404, 409),
      },
    }),
    delete: ownerOperation({
      operationId: 'removeMember',
      permission: 'team.manage',
      self: 'accountId',
      summary: 'Remove a member, or leave the workspace',
      description:
        'Anyone may remove themselves (leave), whatever their role; the last owner may not. Removing an owner needs an owner. What was assigned to the member is unassigned.',
      tags,
      requestParams: { path: memberPath },
      responses: { 200: json('Removed.', messageResponseSchema), ...errors(404, 409) },
    }),
  },
  '/api/workspace/invitations': {
    post: ownerOperation({
      operationId: 'inviteMember',
      permission: 'team.manage',
      summary: 'Invite someone by e-mail',
      description:
        "Mails `PUBLIC_URL/invite?token=…`: single use, 7 days, for that address only. Inviting the same address again replaces its link. Past the plan's members (invitations count) it is 403, saying which plan has more.",
      tags,
      requestBody: jsonBody(invitationInputSchema),
      responses: {
        201: json('The invitation.', z.strictObject({ invitation: invitationSchema })),
        ...errors(400, 409),
      },
    }),
  },
  '/api/workspace/invitations/{id}': {
    delete: ownerOperation({
      operationId: 'withdrawInvitation',
      permission: 'team.manage',
      summary: 'Withdraw an invitation',
      tags,
      requestParams: { path: idPath },
      responses: { 200: json('Withdrawn: its link no longer works.', messageResponseSchema), ...errors(404) },
    }),
  },
  '/api/public/invitation': {
    get: publicOperation({
      operationId: 'previewInvitation',
      summary: 'The invite page: which workspace a link is for',
      tags,
      requestParams: { query: invitationTokenSchema },
      responses: { 200: json('The invitation.', invitationPreviewSchema), ...errors(400) },
    }),
  },
  '/api/invitations/accept': {
    post: ownerOperation({
      operationId: 'acceptInvitation',
      permission: 'account',
      summary: 'Join the workspace an invitation is for',
      description:
        "By an account whose confirmed e-mail is the invited one (403 otherwise). The workspace becomes the account's default.",
      tags,
      requestBody: jsonBody(invitationTokenSchema),
      responses: { 200: json('The workspace joined.', workspaceResponseSchema), ...errors(400, 403) },
    }),
  },
  '/api/workspace/transfer': {
    post: ownerOperation({
      operationId: 'transferWorkspace',
      permission: 'owners.manage',
      summary: 'Hand ownership to another member',
      description: 'The member becomes an owner and the caller an admin. Needs the current password.',
      tags,
      requestBody: jsonBody(transferInputSchema),
      responses: { 200: json('The team as it is now.', membersResponseSchema), ...errors(400, 404) },
    }),
  },
  '/api/workspace/activity': {
    get: ownerOperation({
      operationId: 'listActivity',
      permission: 'activity.read',
      summary: 'Who did what, newest first (kept 365 days)',
      tags,
      requestParams: { query: activityQuerySchema },
      responses: { 200: json('A page of entries.', activityResponseSchema), ...errors(400) },
    }),
  },
};
