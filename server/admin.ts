/**
 * Admin commands for self-hosters who bill outside Tellbox:
 *
 *   npm run admin -- set-plan <email> <free|pro|premium> [--until YYYY-MM-DD]
 *
 * It uses the same configuration (DATA_DIR, DATABASE_URL) as the server, and may run while the
 * server runs: SQLite's WAL and busy timeout let both write.
 */
import { PLAN_IDS, type PlanId } from '../src/shared/plans';
import { ConfigError, loadConfig } from './config';
import { openSqlite } from './db/connection';
import { migrateToLatest } from './db/migrate';

const USAGE = 'Usage: npm run admin -- set-plan <email> <free|pro|premium> [--until YYYY-MM-DD]';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

async function setPlan(args: string[]) {
  const [email, plan, flag, until] = args;
  if (!email || !plan || !(PLAN_IDS as readonly string[]).includes(plan)) fail(USAGE);
  if (flag !== undefined && (flag !== '--until' || !until || Number.isNaN(Date.parse(until)))) fail(USAGE);
  const expiresAt = until ? new Date(until).toISOString() : null;
  const config = loadConfig();
  const { db, close } = openSqlite(config.sqlitePath);
  try {
    await migrateToLatest(db);
    const result = await db
      .updateTable('users')
      .set({
        plan: plan as PlanId,
        plan_expires_at: plan === 'free' ? null : expiresAt,
        cancel_at_period_end: 0,
        // An admin's grant is not a billing subscription: the end date alone decides.
        subscription_status: null,
        updated_at: new Date().toISOString(),
      })
      .where('email', '=', email.trim().toLowerCase())
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) fail(`No account with the e-mail ${email}.`);
    process.stdout.write(`${email} is now on ${plan}${expiresAt ? ` until ${expiresAt}` : ''}.\n`);
  } finally {
    await close();
  }
}

async function main() {
  const [command, ...args] = process.argv.slice(2);
  if (command === 'set-plan') await setPlan(args);
  else fail(USAGE);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) fail(error.message);
  fail(`admin failed: ${error instanceof Error ? error.message : String(error)}`);
});
