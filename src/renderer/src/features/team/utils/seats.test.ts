import { describe, expect, test } from 'vitest';
import type { Invitation, Member, MembersResponse } from '../../../../../shared/api';
import { seatsNote, seatsOf, seatsText } from './seats';

const member = (n: number): Member => ({ accountId: `a${n}`, name: `M${n}`, email: `m${n}@x.com`, role: 'member' });
const invitation = (n: number): Invitation => ({
  _id: `i${n}`,
  email: `i${n}@x.com`,
  role: 'viewer',
  expiresAt: '2026-12-01T00:00:00.000Z',
});
const team = (people: number, invited: number): MembersResponse => ({
  members: Array.from({ length: people }, (_, n) => member(n)),
  invitations: Array.from({ length: invited }, (_, n) => invitation(n)),
});

describe('seats', () => {
  test('open invitations hold a seat, as the server counts them', () => {
    expect(seatsOf(team(2, 1), 10)).toEqual({ taken: 3, max: 10, full: false });
    expect(seatsText(seatsOf(team(2, 1), 10))).toBe('3 of 10 members');
    expect(seatsNote(team(2, 1))).toBe('1 invited');
    expect(seatsNote(team(2, 3))).toBe('3 invited');
    expect(seatsNote(team(2, 0))).toBeNull();
  });

  test('the plan is full once members and invitations reach its limit', () => {
    expect(seatsOf(team(1, 1), 2).full).toBe(true);
    expect(seatsOf(team(1, 0), 2).full).toBe(false);
    expect(seatsText(seatsOf(team(1, 0), 1))).toBe('1 of 1 member');
  });

  test('a plan without a limit is never full and counts without a maximum', () => {
    const seats = seatsOf(team(40, 2), null);
    expect(seats.full).toBe(false);
    expect(seatsText(seats)).toBe('42 members');
    expect(seatsText(seatsOf(team(1, 0), null))).toBe('1 member');
  });
});
