import { describe, expect, test } from 'vitest';
import type { Role } from '../../../../shared/roles';
import { matches, staticCommands } from './palette-commands';

const labels = (role: Role) => staticCommands(role).map((command) => command.label);

describe('the palette offers each role what it may do', () => {
  test('a viewer reads: no New widget, no New news post, no export, none of the screens a viewer cannot open', () => {
    expect(labels('viewer')).toEqual(['Dashboard', 'Feedback', 'News Posts', 'Settings', 'Support']);
  });

  test('a member writes posts and exports, but creates no widget', () => {
    expect(labels('member')).toContain('New news post');
    expect(labels('member')).toContain('Export feedback');
    expect(labels('member')).not.toContain('New widget');
  });

  test('an admin and an owner are offered New widget and every screen', () => {
    for (const role of ['admin', 'owner'] as const) {
      expect(labels(role)).toEqual(
        expect.arrayContaining(['New widget', 'My Widgets', 'Webhooks', 'Activity', 'Team']),
      );
    }
  });
});

describe('typing filters', () => {
  const [newWidget] = staticCommands('owner');

  test('every word typed must be found, in any case and without accents', () => {
    expect(newWidget?.label).toBe('New widget');
    expect(matches(newWidget!, 'WIDGET new')).toBe(true);
    expect(matches(newWidget!, 'créate')).toBe(true);
    expect(matches(newWidget!, 'new post')).toBe(false);
  });
});
