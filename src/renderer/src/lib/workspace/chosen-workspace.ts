/**
 * The workspace the owner chose, kept across reloads with the other small choices (storage.ts):
 * localStorage in the browser, and in the desktop app too, whose `app:` origin is a standard,
 * secure scheme with a persistent profile, so its localStorage outlives a restart as the colour
 * scheme's does. Only the token needs the keychain; a workspace id is no secret. The choice is kept
 * with the account it belongs to, so another account signing in on this device never inherits it.
 */
import { setWorkspaceId } from '../../stores/workspace-store';
import { getStorage } from '../storage';

interface StoredChoice {
  accountId: string;
  workspaceId: string;
}

function readStored(): StoredChoice | null {
  const raw = getStorage().get('workspace');
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredChoice> | null;
    if (typeof value?.accountId === 'string' && typeof value.workspaceId === 'string') {
      return { accountId: value.accountId, workspaceId: value.workspaceId };
    }
  } catch {
    // an unreadable choice is no choice
  }
  return null;
}

/** The workspace `accountId` chose last on this device, or null. */
export function storedWorkspaceId(accountId: string): string | null {
  const stored = readStored();
  return stored?.accountId === accountId ? stored.workspaceId : null;
}

/** Makes `workspaceId` the one every owner request is about, now and after a reload. */
export function chooseWorkspace(accountId: string, workspaceId: string): void {
  getStorage().set('workspace', JSON.stringify({ accountId, workspaceId } satisfies StoredChoice));
  setWorkspaceId(workspaceId);
}

/** At the start of a session: the account's last choice, if any, before the first request goes out. */
export function restoreChosenWorkspace(accountId: string): void {
  setWorkspaceId(storedWorkspaceId(accountId));
}

/**
 * At the end of a session: no workspace in memory. The stored choice stays, so the same account
 * signing in again comes back to the workspace it left.
 */
export function leaveChosenWorkspace(): void {
  setWorkspaceId(null);
}
