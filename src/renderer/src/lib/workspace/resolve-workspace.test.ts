import { describe, expect, test } from 'vitest';
import type { WorkspaceSummary } from '../../../../shared/api';
import { resolveWorkspace } from './resolve-workspace';

const acme: WorkspaceSummary = { _id: 'ws-acme', name: 'Acme', role: 'admin' };
const globex: WorkspaceSummary = { _id: 'ws-globex', name: 'Globex', role: 'viewer' };

describe('resolveWorkspace', () => {
  test('the chosen workspace while the account is still in it', () => {
    expect(resolveWorkspace([acme, globex], 'ws-globex')).toEqual({
      kind: 'chosen',
      workspace: globex,
      replaced: null,
    });
  });

  test('no choice yet: the first, without a word', () => {
    expect(resolveWorkspace([acme, globex], null)).toEqual({ kind: 'chosen', workspace: acme, replaced: null });
  });

  test('a chosen workspace the account left or was removed from: the first, naming what it replaces', () => {
    expect(resolveWorkspace([acme, globex], 'ws-gone')).toEqual({
      kind: 'chosen',
      workspace: acme,
      replaced: 'ws-gone',
    });
  });

  test('no workspace at all', () => {
    expect(resolveWorkspace([], 'ws-gone')).toEqual({ kind: 'none' });
    expect(resolveWorkspace([], null)).toEqual({ kind: 'none' });
  });
});
