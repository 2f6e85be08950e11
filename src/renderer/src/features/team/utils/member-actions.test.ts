import { describe, expect, test } from 'vitest';
import type { Member } from '../../../../../shared/api';
import type { Role } from '../../../../../shared/roles';
import { LAST_OWNER_CANNOT_LEAVE, memberActions } from './member-actions';

const member = (accountId: string, role: Role): Member => ({
  accountId,
  name: accountId,
  email: `${accountId}@x.com`,
  role,
});

describe('memberActions', () => {
  test('an owner changes and removes anyone else, owners included', () => {
    const me = { accountId: 'ada', role: 'owner' as const };
    for (const role of ['owner', 'admin', 'member', 'viewer'] as const) {
      expect(memberActions(me, member('bob', role), 2)).toMatchObject({ changeRole: true, remove: true, leave: false });
    }
  });

  test('an admin manages admins, members and viewers, never an owner', () => {
    const me = { accountId: 'ada', role: 'admin' as const };
    expect(memberActions(me, member('bob', 'viewer'), 1)).toMatchObject({ changeRole: true, remove: true });
    expect(memberActions(me, member('cy', 'owner'), 1)).toMatchObject({ changeRole: false, remove: false });
  });

  test('members and viewers manage nobody', () => {
    for (const role of ['member', 'viewer'] as const) {
      expect(memberActions({ accountId: 'ada', role }, member('bob', 'viewer'), 1)).toMatchObject({
        changeRole: false,
        remove: false,
      });
    }
  });

  test('anyone may leave, but the last owner is told to transfer ownership first', () => {
    expect(memberActions({ accountId: 'ada', role: 'viewer' }, member('ada', 'viewer'), 1)).toEqual({
      changeRole: false,
      remove: false,
      leave: true,
      leaveBlocked: null,
    });
    expect(memberActions({ accountId: 'ada', role: 'owner' }, member('ada', 'owner'), 1).leaveBlocked).toBe(
      LAST_OWNER_CANNOT_LEAVE,
    );
    expect(memberActions({ accountId: 'ada', role: 'owner' }, member('ada', 'owner'), 2).leaveBlocked).toBeNull();
  });
});
