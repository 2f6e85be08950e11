// @vitest-environment jsdom
import '../../testing/setup';
import { beforeEach, describe, expect, test } from 'vitest';
import { useWorkspaceStore } from '../../stores/workspace-store';
import { createBrowserStorage, setStorage } from '../storage';
import { chooseWorkspace, leaveChosenWorkspace, restoreChosenWorkspace, storedWorkspaceId } from './chosen-workspace';

beforeEach(() => {
  setStorage(createBrowserStorage(window.localStorage, window.sessionStorage));
  window.localStorage.clear();
  useWorkspaceStore.setState({ workspaceId: null });
});

describe('the chosen workspace', () => {
  test('is kept across a reload, for the account that chose it', () => {
    chooseWorkspace('ada', 'ws-1');
    expect(useWorkspaceStore.getState().workspaceId).toBe('ws-1');
    // A reload: the page's memory is gone, the storage stays.
    useWorkspaceStore.setState({ workspaceId: null });
    restoreChosenWorkspace('ada');
    expect(useWorkspaceStore.getState().workspaceId).toBe('ws-1');
  });

  test('another account signing in on this device never inherits it', () => {
    chooseWorkspace('ada', 'ws-1');
    leaveChosenWorkspace();
    restoreChosenWorkspace('bob');
    expect(useWorkspaceStore.getState().workspaceId).toBeNull();
    expect(storedWorkspaceId('bob')).toBeNull();
  });

  test('a logout forgets it in memory only: the same account comes back to it', () => {
    chooseWorkspace('ada', 'ws-1');
    leaveChosenWorkspace();
    expect(useWorkspaceStore.getState().workspaceId).toBeNull();
    restoreChosenWorkspace('ada');
    expect(useWorkspaceStore.getState().workspaceId).toBe('ws-1');
  });

  test('an unreadable stored choice is no choice', () => {
    window.localStorage.setItem('workspace', '{not json');
    expect(storedWorkspaceId('ada')).toBeNull();
    window.localStorage.setItem('workspace', JSON.stringify({ accountId: 'ada' }));
    expect(storedWorkspaceId('ada')).toBeNull();
  });
});
