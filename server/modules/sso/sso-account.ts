/**
 * The account a single sign-on lands in: the one with the verified address, or a new one, made by
 * the accounts module's own `insert` with its own workspace, as a sign-up is.
 */
import { newId, newSecretToken } from '../../lib/ids';
import type { PasswordHasher } from '../../lib/passwords';
import type { Clock } from '../../lib/time';
import type { SsoIdentity } from './sso-identity';

/** An account as single sign-on reads it. */
export interface SsoAccountRow {
  id: string;
  name: string;
  email: string;
  email_confirmed_at: string | null;
}

/**
 * What single sign-on uses of the accounts module's store (server/modules/accounts/accounts.repo.ts),
 * by shape: app.ts passes that repository itself, and this module reaches no other module's files.
 */
export interface SsoAccountStore {
  findById(id: string): Promise<SsoAccountRow | undefined>;
  findByEmail(email: string): Promise<SsoAccountRow | undefined>;
  insert(user: {
    id: string;
    name: string;
    email: string;
    passwordHash: string;
    now: string;
    confirmed?: boolean;
  }): Promise<void>;
  update(id: string, changes: { email_confirmed_at?: string; password_hash?: string }, now: string): Promise<void>;
}

export interface SsoAccountDeps {
  accounts: SsoAccountStore;
  passwords: PasswordHasher;
  clock: Clock;
}

/**
 * A real hash of a random secret that nobody keeps: no password matches it, so the account logs in
 * with single sign-on (or sets a password through "Forgot password?", which proves the address).
 */
function unusablePasswordHash(passwords: PasswordHasher): Promise<string> {
  return passwords.hash(newSecretToken());
}

/**
 * Creates an account for `identity`, its address confirmed (the provider verified it), and
 * returns its id: the only place single sign-on creates accounts.
 */
export async function createSsoAccount(deps: SsoAccountDeps, identity: SsoIdentity): Promise<string> {
  const { accounts, passwords, clock } = deps;
  const id = newId();
  const passwordHash = await unusablePasswordHash(passwords);
  const now = clock.now().toISOString();
  await accounts.insert({ id, name: identity.name, email: identity.email, passwordHash, now, confirmed: true });
  return id;
}

/** The id of the account with `identity`'s address, made now if there is none. */
export async function accountForIdentity(deps: SsoAccountDeps, identity: SsoIdentity): Promise<string> {
  const { accounts, passwords, clock } = deps;
  const existing = await accounts.findByEmail(identity.email);
  if (existing) {
    if (!existing.email_confirmed_at) {
      // Someone signed up with this address and never confirmed it: possibly not its owner, who
      // has just proved it. Their password must not open the account the owner now uses.
      const now = clock.now().toISOString();
      const passwordHash = await unusablePasswordHash(passwords);
      await accounts.update(existing.id, { email_confirmed_at: now, password_hash: passwordHash }, now);
    }
    return existing.id;
  }
  try {
    return await createSsoAccount(deps, identity);
  } catch (error) {
    // Two first sign-ins at once (two tabs): the unique address lets one insert; the other finds it.
    const raced = await accounts.findByEmail(identity.email);
    if (raced) return raced.id;
    throw error;
  }
}
