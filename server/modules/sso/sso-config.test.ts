import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../../config';

const PROVIDER = {
  OIDC_ISSUER: 'https://login.acme.com/realms/staff',
  OIDC_CLIENT_ID: 'tellbox',
  OIDC_CLIENT_SECRET: 's3cret',
};

/** The message loadConfig stops with, or '' when it does not. */
function problemOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
    return '';
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
}

describe('the OIDC_* settings (single sign-on)', () => {
  test('unset, single sign-on is off', () => {
    expect(loadConfig({}).sso).toBeUndefined();
  });

  test('the provider alone turns it on, named "SSO", for any domain, beside passwords', () => {
    expect(loadConfig(PROVIDER).sso).toEqual({
      issuer: 'https://login.acme.com/realms/staff',
      clientId: 'tellbox',
      clientSecret: 's3cret',
      name: 'SSO',
      allowedDomains: [],
      only: false,
    });
  });

  test('the name, the domains (trimmed, lower-cased, an @ allowed) and OIDC_ONLY are read', () => {
    const sso = loadConfig({
      ...PROVIDER,
      OIDC_NAME: ' Acme SSO ',
      OIDC_ALLOWED_DOMAINS: ' Acme.com, @acme.org ,,acme.com',
      OIDC_ONLY: 'true',
    }).sso;
    expect(sso).toMatchObject({ name: 'Acme SSO', allowedDomains: ['acme.com', 'acme.org'], only: true });
  });

  test('plain http is allowed only for a provider on this machine', () => {
    expect(loadConfig({ ...PROVIDER, OIDC_ISSUER: 'http://127.0.0.1:9000' }).sso?.issuer).toBe('http://127.0.0.1:9000');
    expect(problemOf({ ...PROVIDER, OIDC_ISSUER: 'http://login.acme.com' })).toContain(
      'OIDC_ISSUER: Use an https:// URL (http:// only on a loopback address)',
    );
  });

  test('each bad value stops start-up with a message naming its variable', () => {
    const cases: [Record<string, string>, string][] = [
      [{ ...PROVIDER, OIDC_ISSUER: 'not a url' }, 'OIDC_ISSUER: Use an https:// URL'],
      [{ ...PROVIDER, OIDC_ISSUER: 'https://login.acme.com/?tenant=1' }, 'OIDC_ISSUER: Use an https:// URL'],
      [{ OIDC_ISSUER: PROVIDER.OIDC_ISSUER }, 'OIDC_CLIENT_ID: Required when OIDC_ISSUER is set'],
      [
        { OIDC_ISSUER: PROVIDER.OIDC_ISSUER, OIDC_CLIENT_ID: 'x' },
        'OIDC_CLIENT_SECRET: Required when OIDC_ISSUER is set',
      ],
      [{ OIDC_CLIENT_ID: 'tellbox' }, 'OIDC_CLIENT_ID: Needs OIDC_ISSUER'],
      [{ OIDC_ONLY: 'true' }, 'OIDC_ONLY: Needs OIDC_ISSUER'],
      [{ OIDC_ALLOWED_DOMAINS: 'acme.com' }, 'OIDC_ALLOWED_DOMAINS: Needs OIDC_ISSUER'],
      [{ ...PROVIDER, OIDC_ONLY: 'yes' }, 'OIDC_ONLY: Use true or false'],
      [
        { ...PROVIDER, OIDC_ALLOWED_DOMAINS: 'acme.com, not a domain' },
        'OIDC_ALLOWED_DOMAINS: Comma-separated e-mail domains',
      ],
      [{ ...PROVIDER, OIDC_NAME: 'x'.repeat(41) }, 'OIDC_NAME: At most 40 characters'],
    ];
    for (const [env, message] of cases) expect(problemOf(env), JSON.stringify(env)).toContain(message);
  });
});
