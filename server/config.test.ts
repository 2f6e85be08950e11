import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { RATE_LIMIT_RULES, ceilingOf, ceilingVariableOf } from './lib/rate-limit';

describe('loadConfig (docs/architecture.md, "Configuration")', () => {
  test('every variable is optional, with the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      dataDir: path.resolve('./data'),
      database: { kind: 'sqlite', path: path.resolve('./data/tellbox.sqlite') },
      smtpUrl: undefined,
      mailFrom: 'Tellbox <no-reply@localhost>',
      rateLimits: { enabled: true, factor: 1, ceilings: {} },
      logLevel: 'info',
      trustProxy: 0,
    });
  });

  test('PUBLIC_URL defaults to the port and loses a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://feedback.example.com/' }).publicUrl).toBe('https://feedback.example.com');
  });

  test('a bad value stops start-up with a message naming the variable', () => {
    const cases: Record<string, string>[] = [
      { PORT: 'abc' },
      { PORT: '70000' },
      { RATE_LIMITS: 'maybe' },
      { RATE_LIMIT_FACTOR: '0.5' },
      { RATE_LIMIT_FACTOR: 'lots' },
      { RATE_LIMIT_FEEDBACK_PER_IP: '2.5' },
      { RATE_LIMIT_PUBLIC_CONFIG_PER_IP: '0' },
      { LOG_LEVEL: 'loud' },
      { PUBLIC_URL: 'not a url' },
      { SMTP_URL: 'http://mail.example.com' },
      { DATABASE_URL: 'mysql://localhost/tellbox' },
      { DATABASE_URL: 'postgres://localhost/tellbox', DATABASE_POOL_MAX: '0' },
    ];
    for (const env of cases) {
      const name = Object.keys(env).at(-1);
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(new RegExp(`${name}:`));
    }
  });

  test('DATABASE_URL picks PostgreSQL for postgres:// and postgresql://, SQLite for a path', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://tellbox@db:5432/tellbox' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://tellbox@db:5432/tellbox',
      poolMax: 10,
    });
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/tellbox', DATABASE_POOL_MAX: '25' }).database).toMatchObject({
      kind: 'postgres',
      poolMax: 25,
    });
    expect(loadConfig({ DATABASE_URL: '/var/lib/tellbox/db.sqlite' }).database).toEqual({
      kind: 'sqlite',
      path: '/var/lib/tellbox/db.sqlite',
    });
  });

  test('empty optional values count as unset', () => {
    expect(loadConfig({ SMTP_URL: '', STRIPE_SECRET_KEY: '' })).toMatchObject({ smtpUrl: undefined });
  });

  test('REDIS_URL is off unless set; REDIS_PREFIX defaults to tellbox:', () => {
    expect(loadConfig({})).toMatchObject({ redisUrl: undefined, redisPrefix: 'tellbox:' });
    expect(loadConfig({ REDIS_URL: '', REDIS_PREFIX: '' })).toMatchObject({
      redisUrl: undefined,
      redisPrefix: 'tellbox:',
    });
    expect(
      loadConfig({ REDIS_URL: 'rediss://app:secret@cache.internal:6380/2', REDIS_PREFIX: 'shop-a:' }),
    ).toMatchObject({
      redisUrl: 'rediss://app:secret@cache.internal:6380/2',
      redisPrefix: 'shop-a:',
    });
  });

  test('a REDIS_URL that is not redis:// or rediss://, or a prefix with spaces, stops start-up naming it', () => {
    const cases: [string, string][] = [
      ['REDIS_URL', 'http://cache:6379'],
      ['REDIS_URL', 'localhost:6379'],
      ['REDIS_URL', 'redis://'],
      ['REDIS_PREFIX', 'two words'],
    ];
    for (const [name, value] of cases) {
      expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}: `));
    }
    // The message says what to write instead, and never repeats a value that may hold a password.
    expect(() => loadConfig({ REDIS_URL: 'http://app:secret@cache:6379' })).toThrow(/redis:\/\/.*rediss:\/\//);
    expect(() => loadConfig({ REDIS_URL: 'http://app:secret@cache:6379' })).not.toThrow(/secret/);
  });

  test('RATE_LIMIT_FACTOR multiplies every default ceiling; a rule of its own is used as it is', () => {
    const limits = loadConfig({ RATE_LIMIT_FACTOR: '1000', RATE_LIMIT_FEEDBACK_PER_IP: '25' }).rateLimits;
    expect(limits).toEqual({ enabled: true, factor: 1000, ceilings: { feedbackPerIp: 25 } });
    expect(ceilingOf(RATE_LIMIT_RULES.publicConfigPerIp, limits)).toBe(600_000);
    expect(ceilingOf(RATE_LIMIT_RULES.feedbackPerIp, limits)).toBe(25);
    expect(ceilingOf(RATE_LIMIT_RULES.feedbackPerIp, loadConfig({}).rateLimits)).toBe(
      RATE_LIMIT_RULES.feedbackPerIp.limit,
    );
    expect(ceilingVariableOf('loginFailuresPerEmailAndAddress')).toBe(
      'RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL_AND_ADDRESS',
    );
  });

  test('scheduled backups are off unless BACKUP_DIR and BACKUP_EVERY are set; BACKUP_KEEP defaults to 7', () => {
    expect(loadConfig({}).backup).toBeUndefined();
    expect(loadConfig({ BACKUP_DIR: '', BACKUP_EVERY: '' }).backup).toBeUndefined();
    const every = { '45s': 45_000, '30m': 1_800_000, '6h': 21_600_000, '1d': 86_400_000 };
    for (const [text, ms] of Object.entries(every)) {
      expect(loadConfig({ BACKUP_DIR: './backups', BACKUP_EVERY: text }).backup).toEqual({
        dir: path.resolve('./backups'),
        everyMs: ms,
        keep: 7,
      });
    }
    expect(loadConfig({ BACKUP_DIR: '/b', BACKUP_EVERY: '1d', BACKUP_KEEP: '30' }).backup?.keep).toBe(30);
  });

  test('a bad BACKUP_EVERY or BACKUP_KEEP, or one backup variable without the other, stops start-up naming it', () => {
    for (const value of ['6', '6 hours', '1w', '0s', '-1h', '1.5h', 'h']) {
      expect(() => loadConfig({ BACKUP_DIR: '/b', BACKUP_EVERY: value })).toThrow(
        /BACKUP_EVERY: Use a whole number and a unit: 45s, 30m, 6h or 1d/,
      );
    }
    expect(() => loadConfig({ BACKUP_DIR: '/b', BACKUP_EVERY: '1d', BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP: /);
    expect(() => loadConfig({ BACKUP_DIR: '/b' })).toThrow(/BACKUP_EVERY: Required when BACKUP_DIR is set/);
    expect(() => loadConfig({ BACKUP_EVERY: '6h' })).toThrow(/BACKUP_DIR: Required when BACKUP_EVERY is set/);
    expect(() => loadConfig({ BACKUP_KEEP: '3' })).toThrow(
      /BACKUP_DIR: Required when BACKUP_KEEP is set\n {2}BACKUP_EVERY: Required when BACKUP_KEEP is set/,
    );
    expect(() => loadConfig({ DATABASE_URL: ':memory:', BACKUP_DIR: '/b', BACKUP_EVERY: '1h' })).toThrow(
      /BACKUP_DIR: An in-memory database/,
    );
    expect(() => loadConfig({ BACKUP_EVERY: '6h' })).toThrow(ConfigError);
  });

  test('METRICS_TOKEN is off unless set; a short token or one with spaces stops start-up naming it', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '  ' }).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a-scrape-token-0123456789' }).metricsToken).toBe('a-scrape-token-0123456789');
    for (const value of ['too-short', 'sixteen chars with spaces']) {
      expect(() => loadConfig({ METRICS_TOKEN: value })).toThrow(/METRICS_TOKEN: At least 16 characters/);
      // The message never repeats the secret it refused.
      expect(() => loadConfig({ METRICS_TOKEN: value })).not.toThrow(new RegExp(value));
    }
  });
});
