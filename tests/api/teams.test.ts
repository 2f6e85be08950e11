/**
 * Teams through the API, with mail through a real SMTP server: workspaces, invitations by e-mail,
 * roles, removal, transfer, assignment and the activity log.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { INVITATION_MESSAGES } from '../../server/modules/workspaces/invitations.service';
import { TEAM_MESSAGES } from '../../server/modules/workspaces/workspaces.service';
import { FEEDBACK_ASSIGNEE_MESSAGE } from '../../server/modules/feedback/feedback.service';
import type {
  ActivityResponse,
  ApiErrorBody,
  FeedbackListResponse,
  InvitationPreview,
  MembersResponse,
  WorkspaceListResponse,
  WorkspaceResponse,
} from '../../src/shared/api';
import { refusal } from '../../src/shared/roles';
import { createApiClient, type ApiClient } from '../helpers/api-client';
import { VALID_WIDGET, createOwner, createWidget, setPlan, validFeedback, type TestOwner } from '../helpers/factories';
import { startMailbox, tokenIn, type Mailbox } from '../helpers/mailbox';
import { startTestServer, type TestServer } from '../helpers/start-server';

let mailbox: Mailbox;
let server: TestServer;
let api: ApiClient;

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({ smtpUrl: mailbox.url });
  api = createApiClient(server.url);
});
afterAll(async () => {
  await server.close();
  await mailbox.close();
});

const inWorkspace = (who: TestOwner, workspaceId: string) => ({
  token: who.token,
  headers: { 'Tellbox-Workspace': workspaceId },
});

let sequence = 0;
const newAddress = () => `teammate-${Date.now()}-${++sequence}@example.com`;

/** Invites `email` into `owner`'s workspace and returns the token of the mailed link. */
async function invite(owner: TestOwner, email: string, role = 'member'): Promise<string> {
  const sent = await api.post('/api/workspace/invitations', { email, role }, { token: owner.token });
  expect(sent.status).toBe(201);
  await server.mailIdle();
  const mail = await mailbox.waitFor(email);
  expect(mail.text).toContain(`${server.publicUrl}/invite?token=`);
  return tokenIn(mail);
}

/** A newcomer signs up from the invite page and joins: confirmed by the invitation, no other link. */
async function joinAsNewcomer(token: string, email: string, name = 'New Teammate') {
  const password = 'a long enough passphrase';
  const registered = await api.post<{ message: string }>('/api/auth/register', {
    name,
    email,
    password,
    invitationToken: token,
  });
  expect(registered).toMatchObject({ status: 201, body: { message: 'Account created. You can log in now.' } });
  const login = await api.post<{ id: string; token: string }>('/api/auth/login', { email, password });
  expect(login.status).toBe(200);
  const joined = await api.post<WorkspaceResponse>('/api/invitations/accept', { token }, { token: login.body.token });
  expect(joined.status).toBe(200);
  return { id: login.body.id, name, email, password, token: login.body.token } as TestOwner;
}

describe('workspaces', () => {
  test('sign-up makes a workspace the account owns; another can be made, and renamed', async () => {
    const owner = await createOwner(server, api, { name: 'Ada Owner' });
    const first = await api.get<WorkspaceListResponse>('/api/workspaces', { token: owner.token });
    expect(first.body.workspaces).toEqual([{ _id: owner.id, name: 'Ada Owner', role: 'owner' }]);

    const made = await api.post<WorkspaceResponse>('/api/workspaces', { name: '  Acme  ' }, { token: owner.token });
    expect(made.status).toBe(201);
    expect(made.body.workspace).toMatchObject({ name: 'Acme', role: 'owner' });
    const acme = made.body.workspace._id;
    // The new one is the default now: a request without the header is about it.
    expect((await api.get('/api/widget', { token: owner.token })).body).toEqual({ success: true, widgets: [] });
    const renamed = await api.put<WorkspaceResponse>('/api/workspace', { name: 'Acme Inc' }, inWorkspace(owner, acme));
    expect(renamed.body.workspace).toEqual({ _id: acme, name: 'Acme Inc', role: 'owner' });
    const both = await api.get<WorkspaceListResponse>('/api/workspaces', { token: owner.token });
    expect(both.body.workspaces.map((workspace) => workspace.name)).toEqual(['Acme Inc', 'Ada Owner']);

    const blank = await api.post<ApiErrorBody>('/api/workspaces', { name: '   ' }, { token: owner.token });
    expect(blank).toMatchObject({ status: 400, body: { message: 'Please enter a name for the workspace' } });
  });

  test("each workspace's widgets are its own; the header picks which, and the last picked is the default", async () => {
    const owner = await createOwner(server, api, { plan: 'premium' });
    const other = (await api.post<WorkspaceResponse>('/api/workspaces', { name: 'Other' }, { token: owner.token })).body
      .workspace._id;
    await createWidget(api, { ...owner, token: owner.token }, { name: 'In other' });
    const inOwn = await api.get<{ widgets: unknown[] }>('/api/widget', inWorkspace(owner, owner.id));
    expect(inOwn.body.widgets).toEqual([]);
    // Picked last: the own workspace, so a request without the header is about it.
    expect((await api.get<{ widgets: unknown[] }>('/api/widget', { token: owner.token })).body.widgets).toEqual([]);
    const inOther = await api.get<{ widgets: { name: string }[] }>('/api/widget', inWorkspace(owner, other));
    expect(inOther.body.widgets.map((widget) => widget.name)).toEqual(['In other']);
  });
});

describe('invitations', () => {
  test('an invited newcomer signs up from the link, lands in the workspace with the role, and the link is used up', async () => {
    const owner = await createOwner(server, api, { plan: 'pro', name: 'Inviting Owner' });
    const email = newAddress();
    const token = await invite(owner, email, 'member');
    const preview = await api.get<InvitationPreview>(`/api/public/invitation?token=${token}`);
    expect(preview.body).toMatchObject({ workspaceName: 'Inviting Owner', email, role: 'member' });
    const pending = await api.get<MembersResponse>('/api/workspace/members', { token: owner.token });
    expect(pending.body.invitations.map((invitation) => invitation.email)).toEqual([email]);

    const teammate = await joinAsNewcomer(token, email);
    const list = await api.get<WorkspaceListResponse>('/api/workspaces', { token: teammate.token });
    expect(list.body.workspaces).toContainEqual({ _id: owner.id, name: 'Inviting Owner', role: 'member' });
    // Joined last, so it is the teammate's default.
    const members = await api.get<MembersResponse>('/api/workspace/members', { token: teammate.token });
    expect(members.body.members.map((member) => [member.name, member.role])).toEqual([
      ['Inviting Owner', 'owner'],
      ['New Teammate', 'member'],
    ]);
    expect(members.body.invitations).toEqual([]);

    const again = await api.post<ApiErrorBody>('/api/invitations/accept', { token }, { token: teammate.token });
    expect(again).toMatchObject({ status: 400, body: { message: INVITATION_MESSAGES.invalid } });
  });

  test('only the invited address may accept; a withdrawn link no longer works', async () => {
    const owner = await createOwner(server, api, { plan: 'pro' });
    const email = newAddress();
    const token = await invite(owner, email);
    const stranger = await createOwner(server, api);
    const refused = await api.post<ApiErrorBody>('/api/invitations/accept', { token }, { token: stranger.token });
    expect(refused).toMatchObject({ status: 403, body: { message: INVITATION_MESSAGES.otherAddress } });

    const { body } = await api.get<MembersResponse>('/api/workspace/members', { token: owner.token });
    const id = body.invitations[0]?._id;
    expect((await api.delete(`/api/workspace/invitations/${id}`, { token: owner.token })).status).toBe(200);
    const gone = await api.get<ApiErrorBody>(`/api/public/invitation?token=${token}`);
    expect(gone).toMatchObject({ status: 400, body: { message: INVITATION_MESSAGES.invalid } });
  });

  test("the plan's seats count members and open invitations; past them the 403 says how to get more", async () => {
    const owner = await createOwner(server, api);
    await invite(owner, newAddress());
    const over = await api.post<ApiErrorBody>(
      '/api/workspace/invitations',
      { email: newAddress(), role: 'viewer' },
      { token: owner.token },
    );
    expect(over).toMatchObject({
      status: 403,
      body: { message: 'Your Free plan has room for 2 members, invitations included. Upgrade to Pro to invite more.' },
    });
    await setPlan(server, owner.email, 'pro');
    const room = await api.post(
      '/api/workspace/invitations',
      { email: newAddress(), role: 'viewer' },
      {
        token: owner.token,
      },
    );
    expect(room.status).toBe(201);
  });
});

describe('roles, removal and transfer', () => {
  test('a removed member is refused at once, and what was assigned to them is unassigned', async () => {
    const owner = await createOwner(server, api, { plan: 'pro' });
    const email = newAddress();
    const teammate = await joinAsNewcomer(await invite(owner, email), email);
    const widget = await createWidget(api, owner);
    await api.post(`/api/public/widget/${widget.key}/feedback`, validFeedback(), {
      headers: { Origin: 'https://shop.example.com' },
    });
    const inbox = await api.get<FeedbackListResponse>('/api/feedback', { token: teammate.token });
    const entry = inbox.body.feedbacks[0]?._id ?? '';
    const assigned = await api.patch(`/api/feedback/${entry}`, { assigneeId: teammate.id }, { token: teammate.token });
    expect(assigned.status).toBe(200);
    const mine = await api.get<FeedbackListResponse>('/api/feedback?assignee=me', { token: teammate.token });
    expect(mine.body.feedbacks.map((item) => [item._id, item.assigneeId])).toEqual([[entry, teammate.id]]);

    expect((await api.delete(`/api/workspace/members/${teammate.id}`, { token: owner.token })).status).toBe(200);
    const after = await api.get<ApiErrorBody>('/api/feedback', inWorkspace(teammate, owner.id));
    expect(after).toMatchObject({ status: 404, body: { message: 'Workspace not found' } });
    const unassigned = await api.get<FeedbackListResponse>('/api/feedback?assignee=none', { token: owner.token });
    expect(unassigned.body.feedbacks.map((item) => item._id)).toEqual([entry]);
  });

  test('a viewer can be assigned nothing and may change nothing; a role change applies on the next request', async () => {
    const owner = await createOwner(server, api, { plan: 'pro' });
    const email = newAddress();
    const viewer = await joinAsNewcomer(await invite(owner, email, 'viewer'), email);
    const widget = await createWidget(api, owner);
    await api.post(`/api/public/widget/${widget.key}/feedback`, validFeedback(), {
      headers: { Origin: 'https://shop.example.com' },
    });
    const entry = (await api.get<FeedbackListResponse>('/api/feedback', { token: owner.token })).body.feedbacks[0]?._id;
    const toViewer = await api.patch<ApiErrorBody>(
      `/api/feedback/${entry}`,
      { assigneeId: viewer.id },
      {
        token: owner.token,
      },
    );
    expect(toViewer).toMatchObject({ status: 400, body: { message: FEEDBACK_ASSIGNEE_MESSAGE } });
    const triage = await api.patch<ApiErrorBody>(
      `/api/feedback/${entry}`,
      { status: 'resolved' },
      {
        token: viewer.token,
      },
    );
    expect(triage).toMatchObject({ status: 403, body: { message: refusal('feedback.triage') } });

    const promoted = await api.put(`/api/workspace/members/${viewer.id}`, { role: 'member' }, { token: owner.token });
    expect(promoted).toMatchObject({ status: 200, body: { member: { accountId: viewer.id, role: 'member' } } });
    const now = await api.patch(`/api/feedback/${entry}`, { status: 'resolved' }, { token: viewer.token });
    expect(now.status).toBe(200);
  });

  test('the last owner may not leave; after a transfer the new owner is the owner and the old one an admin', async () => {
    const owner = await createOwner(server, api, { plan: 'pro' });
    const lone = await api.delete<ApiErrorBody>(`/api/workspace/members/${owner.id}`, { token: owner.token });
    expect(lone).toMatchObject({ status: 409, body: { message: TEAM_MESSAGES.lastOwner } });

    const email = newAddress();
    const heir = await joinAsNewcomer(await invite(owner, email, 'admin'), email);
    const wrong = await api.post<ApiErrorBody>(
      '/api/workspace/transfer',
      { accountId: heir.id, currentPassword: 'not it' },
      { token: owner.token },
    );
    expect(wrong).toMatchObject({ status: 400, body: { message: TEAM_MESSAGES.wrongPassword } });
    const handed = await api.post<MembersResponse>(
      '/api/workspace/transfer',
      { accountId: heir.id, currentPassword: owner.password },
      { token: owner.token },
    );
    expect(handed.body.members.map((member) => [member.accountId, member.role])).toEqual([
      [heir.id, 'owner'],
      [owner.id, 'admin'],
    ]);
    const billing = await api.post<ApiErrorBody>('/api/subscription/cancel-subscription', undefined, {
      token: owner.token,
    });
    expect(billing).toMatchObject({ status: 403, body: { message: refusal('billing.manage') } });

    const log = await api.get<ActivityResponse>('/api/workspace/activity', { token: heir.token });
    expect(log.body.entries.map((entry) => entry.action).slice(0, 3)).toEqual([
      'workspace.transferred',
      'member.joined',
      'invitation.sent',
    ]);
    expect(log.body.entries[0]?.actor).toEqual({ accountId: owner.id, name: owner.name });
  });
});

describe('deleting a workspace', () => {
  test('takes everything in it; its members keep their accounts and their own workspaces', async () => {
    const owner = await createOwner(server, api, { plan: 'pro' });
    const agency = (await api.post<WorkspaceResponse>('/api/workspaces', { name: 'Agency' }, { token: owner.token }))
      .body.workspace._id;
    const widget = await createWidget(api, { ...owner }, { name: 'Agency widget' });
    const email = newAddress();
    const token = await invite(owner, email, 'admin');
    const admin = await joinAsNewcomer(token, email);
    const refused = await api.request<ApiErrorBody>(
      'DELETE',
      '/api/workspace',
      { currentPassword: admin.password },
      inWorkspace(admin, agency),
    );
    expect(refused).toMatchObject({ status: 403, body: { message: refusal('workspace.delete') } });
    const wrong = await api.request<ApiErrorBody>(
      'DELETE',
      '/api/workspace',
      { currentPassword: 'nope' },
      inWorkspace(owner, agency),
    );
    expect(wrong).toMatchObject({ status: 400, body: { message: TEAM_MESSAGES.wrongPassword } });

    const deleted = await api.request(
      'DELETE',
      '/api/workspace',
      { currentPassword: owner.password },
      inWorkspace(owner, agency),
    );
    expect(deleted.status).toBe(200);
    expect((await api.get(`/api/public/widget/${widget.key}`)).status).toBe(404);
    expect((await api.get('/api/feedback', inWorkspace(admin, agency))).status).toBe(404);
    const left = await api.get<WorkspaceListResponse>('/api/workspaces', { token: admin.token });
    expect(left.body.workspaces.map((workspace) => workspace._id)).toEqual([admin.id]);
    const ownerLeft = await api.get<WorkspaceListResponse>('/api/workspaces', { token: owner.token });
    expect(ownerLeft.body.workspaces.map((workspace) => workspace._id)).toEqual([owner.id]);
    // Named last no more, the default falls back to their own.
    expect((await api.get('/api/feedback', { token: owner.token })).status).toBe(200);
  });
});

describe('the activity log', () => {
  test('records who changed widgets, triaged, assigned and exported; owners and admins read it; a year on it is gone', async () => {
    const owner = await createOwner(server, api, { plan: 'pro', name: 'Logging Owner' });
    const widget = await createWidget(api, owner, { name: 'Logged widget' });
    await api.put(`/api/widget/${widget._id}`, { ...VALID_WIDGET, name: 'Renamed widget' }, { token: owner.token });
    await api.post(`/api/public/widget/${widget.key}/feedback`, validFeedback(), {
      headers: { Origin: 'https://shop.example.com' },
    });
    const entry = (await api.get<FeedbackListResponse>('/api/feedback', { token: owner.token })).body.feedbacks[0]?._id;
    await api.patch(`/api/feedback/${entry}`, { status: 'resolved', assigneeId: owner.id }, { token: owner.token });
    expect((await api.get('/api/feedback/export?format=csv', { token: owner.token })).status).toBe(200);

    const log = await api.get<ActivityResponse>('/api/workspace/activity?limit=3', { token: owner.token });
    expect(log.body.entries.map((item) => [item.action, item.target])).toEqual([
      ['feedback.exported', { type: 'feedback', name: 'csv' }],
      ['feedback.updated', { type: 'feedback', id: entry, name: 'resolved, assigned' }],
      ['widget.updated', { type: 'widget', id: widget._id, name: 'Renamed widget' }],
    ]);
    expect(log.body.entries[0]?.actor).toEqual({ accountId: owner.id, name: 'Logging Owner' });
    const rest = await api.get<ActivityResponse>(
      `/api/workspace/activity?limit=3&cursor=${encodeURIComponent(log.body.nextCursor ?? '')}`,
      { token: owner.token },
    );
    expect(rest.body.entries.map((item) => [item.action, item.target])).toEqual([
      ['widget.created', { type: 'widget', id: widget._id, name: 'Logged widget' }],
    ]);
    expect(rest.body.nextCursor).toBeNull();

    const email = newAddress();
    const member = await joinAsNewcomer(await invite(owner, email, 'member'), email);
    const refused = await api.get<ApiErrorBody>('/api/workspace/activity', inWorkspace(member, owner.id));
    expect(refused).toMatchObject({ status: 403, body: { message: refusal('activity.read') } });

    // An entry from a year and a day ago is past what is kept.
    const yearAgo = new Date(server.clock.now().getTime() - 366 * 24 * 60 * 60 * 1000).toISOString();
    await server.db
      .insertInto('activity')
      .values({
        id: 'old-entry',
        workspace_id: owner.id,
        at: yearAgo,
        actor_id: owner.id,
        actor_name: owner.name,
        action: 'widget.created',
        target: JSON.stringify({ type: 'widget', name: 'Long ago' }),
      })
      .execute();
    const all = await api.get<ActivityResponse>('/api/workspace/activity?limit=100', { token: owner.token });
    expect(all.body.entries.map((item) => item._id)).not.toContain('old-entry');
    expect(all.body.entries.length).toBeGreaterThan(4);
  });
});
