import type { Kysely } from 'kysely';
import type { PlanTable } from '../src/shared/plans';
import type { Config } from './config';
import type { Database } from './db/schema';
import type { Logger } from './lib/logger';
import type { PasswordHasher } from './lib/passwords';
import type { RedisLink } from './lib/redis';
import type { Clock } from './lib/time';
import type { Mailer } from './mail/mailer';

/** Everything the app is built from; tests build the same thing with their own pieces. */
export interface AppDeps {
  config: Config;
  db: Kysely<Database>;
  logger: Logger;
  mailer: Mailer;
  clock: Clock;
  plans: PlanTable;
  passwords: PasswordHasher;
  /** Redis shared by several instances (REDIS_URL); without it every piece of state is in-process. */
  redis?: RedisLink;
}
