import { describe, expect, test } from 'vitest';
import type { ActivityEntry } from '../../../../../shared/api';
import { activitySentence } from './activity-sentence';

const entry = (action: string, name?: string, actorId: string | null = 'ada'): ActivityEntry => ({
  _id: 'e1',
  at: '2026-11-21T12:00:00.000Z',
  actor: { accountId: actorId, name: 'Ada' },
  action,
  target: { type: 'member', ...(name === undefined ? {} : { name }) },
});

const say = (e: ActivityEntry, self: string | null = 'someone-else') => {
  const { actor, rest } = activitySentence(e, self);
  return `${actor} ${rest}`;
};

describe('activitySentence', () => {
  test('invitations read as the team sees them', () => {
    expect(say(entry('invitation.sent', 'bob@x.com as viewer'))).toBe('Ada invited bob@x.com as viewer');
    expect(say(entry('invitation.withdrawn', 'bob@x.com'))).toBe('Ada withdrew the invitation to bob@x.com');
  });

  test('members joining, leaving, removed and given another role', () => {
    expect(say(entry('member.joined', 'Ada as member'))).toBe('Ada joined as member');
    expect(say(entry('member.left', 'Ada'))).toBe('Ada left the workspace');
    expect(say(entry('member.removed', 'Bob'))).toBe('Ada removed Bob');
    expect(say(entry('member.role_changed', 'Bob → viewer'))).toBe('Ada made Bob a viewer');
    expect(say(entry('member.role_changed', 'Bob → admin'))).toBe('Ada made Bob an admin');
  });

  test('the workspace itself: created, renamed, handed over', () => {
    expect(say(entry('workspace.created', 'Acme'))).toBe('Ada created the workspace Acme');
    expect(say(entry('workspace.renamed', 'Acme support'))).toBe('Ada renamed the workspace to Acme support');
    expect(say(entry('workspace.transferred', 'Bob'))).toBe('Ada made Bob the owner');
  });

  test('a name holding the separator stays whole: only the last one splits', () => {
    expect(say(entry('invitation.sent', 'jo as in joe@x.com as admin'))).toBe(
      'Ada invited jo as in joe@x.com as admin',
    );
  });

  test("the signed-in account's own entries say You", () => {
    expect(say(entry('member.removed', 'Bob'), 'ada')).toBe('You removed Bob');
    // An entry by the installation itself (no account) is never "You".
    expect(activitySentence(entry('plan.changed', 'pro', null), null)).toEqual({
      actor: 'Ada',
      rest: 'changed the plan to Pro',
    });
  });

  test('triage: statuses and assignments, one entry or many, exports, replies and notes', () => {
    expect(say(entry('feedback.updated', 'in_progress'))).toBe('Ada marked feedback in progress');
    expect(say(entry('feedback.updated', 'assigned'))).toBe('Ada assigned feedback');
    expect(say(entry('feedback.updated', 'unassigned'))).toBe('Ada unassigned feedback');
    expect(say(entry('feedback.updated', 'resolved, assigned'))).toBe('Ada marked feedback resolved and assigned it');
    expect(say(entry('feedback.statuses_changed', '3 entries, spam'))).toBe('Ada marked 3 feedback entries spam');
    expect(say(entry('feedback.exported', 'csv'))).toBe('Ada exported feedback as CSV');
    expect(say(entry('feedback.replied'))).toBe('Ada replied to a visitor');
    expect(say(entry('feedback.noted'))).toBe('Ada added a private note to feedback');
  });

  test('widgets, news, webhooks and the plan, names quoted where the owner typed them', () => {
    expect(say(entry('widget.created', 'Northwind shop'))).toBe('Ada created the widget “Northwind shop”');
    expect(say(entry('widget.deleted'))).toBe('Ada deleted a widget');
    expect(say(entry('widget.site_removed', 'shop.example.com'))).toBe(
      "Ada removed shop.example.com from a widget's sites",
    );
    expect(say(entry('post.updated', 'Dark mode is here, published'))).toBe(
      'Ada edited the news post “Dark mode is here”',
    );
    expect(say(entry('webhook.created', 'https://hooks.example.com/x'))).toBe(
      'Ada added the webhook https://hooks.example.com/x',
    );
    expect(say(entry('plan.cancelled'))).toBe('Ada cancelled the plan');
  });

  test('an action the console does not know yet still reads', () => {
    expect(say(entry('feedback.archived', 'Checkout is slow'))).toBe('Ada feedback archived: Checkout is slow');
    expect(say(entry('plan.paused'))).toBe('Ada plan paused');
    expect(say(entry('member.joined', 'no role here'))).toBe('Ada joined the workspace');
  });
});
