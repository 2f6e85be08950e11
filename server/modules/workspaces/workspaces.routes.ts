import { Router } from 'express';
import type {
  ActivityResponse,
  InvitationPreview,
  MembersResponse,
  MessageResponse,
  WorkspaceListResponse,
  WorkspaceResponse,
} from '../../../src/shared/api';
import {
  activityQuerySchema,
  deleteWorkspaceInputSchema,
  invitationInputSchema,
  invitationTokenSchema,
  roleChangeInputSchema,
  transferInputSchema,
  workspaceInputSchema,
} from '../../../src/shared/schemas';
import { currentUser } from '../../lib/auth';
import { parse, parseBody } from '../../lib/validate';
import type { ActivityLog } from '../activity/activity.service';
import type { InvitationsService } from './invitations.service';
import { currentWorkspace } from './workspace-access';
import type { WorkspacesService } from './workspaces.service';

/** The invite page's look at an invitation, before anyone signs in (mounted ahead of requireAuth). */
export function createInvitationPreviewRouter(invitations: InvitationsService) {
  const router = Router();
  router.get('/public/invitation', async (req, res) => {
    const { token } = parse(invitationTokenSchema, req.query);
    const body: InvitationPreview = await invitations.preview(token);
    res.json(body);
  });
  return router;
}

/** `/api/workspaces`, `/api/workspace/*` and `/api/invitations/accept`. Mounted behind route access. */
export function createWorkspacesRouter(deps: {
  workspaces: WorkspacesService;
  invitations: InvitationsService;
  activity: ActivityLog;
}) {
  const { workspaces, invitations, activity } = deps;
  const router = Router();

  router.get('/workspaces', async (_req, res) => {
    const body: WorkspaceListResponse = { workspaces: await workspaces.list(currentUser(res)) };
    res.json(body);
  });

  router.post('/workspaces', async (req, res) => {
    const body: WorkspaceResponse = {
      workspace: await workspaces.create(currentUser(res), parseBody(workspaceInputSchema, req)),
    };
    res.status(201).json(body);
  });

  router.put('/workspace', async (req, res) => {
    const body: WorkspaceResponse = {
      workspace: await workspaces.rename(currentWorkspace(res), parseBody(workspaceInputSchema, req)),
    };
    res.json(body);
  });

  router.delete('/workspace', async (req, res) => {
    const { currentPassword } = parseBody(deleteWorkspaceInputSchema, req);
    await workspaces.delete(currentWorkspace(res), currentPassword);
    const body: MessageResponse = { message: 'The workspace and everything in it have been deleted.' };
    res.json(body);
  });

  router.get('/workspace/members', async (_req, res) => {
    const body: MembersResponse = await workspaces.members(currentWorkspace(res));
    res.json(body);
  });

  router.put('/workspace/members/:accountId', async (req, res) => {
    const { role } = parseBody(roleChangeInputSchema, req);
    res.json({ member: await workspaces.changeRole(currentWorkspace(res), req.params.accountId, role) });
  });

  router.delete('/workspace/members/:accountId', async (req, res) => {
    await workspaces.remove(currentWorkspace(res), req.params.accountId);
    const body: MessageResponse = { message: 'Removed from the workspace.' };
    res.json(body);
  });

  router.post('/workspace/invitations', async (req, res) => {
    const invitation = await invitations.invite(currentWorkspace(res), parseBody(invitationInputSchema, req));
    res.status(201).json({ invitation });
  });

  router.delete('/workspace/invitations/:id', async (req, res) => {
    await invitations.withdraw(currentWorkspace(res), req.params.id);
    const body: MessageResponse = { message: 'Invitation withdrawn.' };
    res.json(body);
  });

  router.post('/invitations/accept', async (req, res) => {
    const { token } = parseBody(invitationTokenSchema, req);
    const body: WorkspaceResponse = { workspace: await invitations.accept(currentUser(res), token) };
    res.json(body);
  });

  router.post('/workspace/transfer', async (req, res) => {
    const body: MembersResponse = await workspaces.transfer(currentWorkspace(res), parseBody(transferInputSchema, req));
    res.json(body);
  });

  router.get('/workspace/activity', async (req, res) => {
    const body: ActivityResponse = await activity.list(currentWorkspace(res).id, parse(activityQuerySchema, req.query));
    res.json(body);
  });

  return router;
}
