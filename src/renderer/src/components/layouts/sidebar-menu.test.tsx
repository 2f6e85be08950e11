// @vitest-environment jsdom
import '../../testing/setup';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { Role } from '../../../../shared/roles';
import { renderWithProviders } from '../../testing/render-with-providers';
import { SidebarMenu } from './sidebar-menu';

const entries = (role: Role) => {
  renderWithProviders(<SidebarMenu />, { path: '/dashboard', role });
  return within(screen.getByRole('navigation', { name: 'Dashboard' }))
    .getAllByRole('link')
    .map((link) => link.textContent);
};

describe('SidebarMenu by role', () => {
  test('an owner (and an admin) sees every screen, the activity log included', () => {
    const all = ['Dashboard', 'My Widgets', 'Feedback', 'News Posts', 'Webhooks', 'Activity', 'Settings', 'Support'];
    expect(entries('owner')).toEqual(all);
  });

  test('a member reads widgets and webhooks but not the activity log', () => {
    expect(entries('member')).toEqual([
      'Dashboard',
      'My Widgets',
      'Feedback',
      'News Posts',
      'Webhooks',
      'Settings',
      'Support',
    ]);
  });

  test('a viewer sees only what it may read: no widgets, webhooks or activity', () => {
    expect(entries('viewer')).toEqual(['Dashboard', 'Feedback', 'News Posts', 'Settings', 'Support']);
  });
});
