import { paths } from '../../../config/paths';

/**
 * Where the owner goes once a server is set: the screen they were going to (`from`, the gate's
 * redirect state), or the login. Only an internal path counts.
 */
export function pathAfterSetup(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  const internal = typeof from === 'string' && from.startsWith('/') && !from.startsWith('//');
  if (!internal || from === paths.home || from.startsWith(paths.setupServer)) return paths.login;
  return from;
}
