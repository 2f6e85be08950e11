/**
 * The plan's rules have one owner (README, "Plans"): the subscription's columns are read and
 * written in server/modules/plans only, besides the schema that declares them. Stripe's own API
 * object has a field of the same name as one of them, which its client reads and sends.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const COLUMNS =
  /\b(plan_expires_at|cancel_at_period_end|stripe_customer_id|stripe_subscription_id|subscription_status|billing_read_seq|billing_applied_seq)\b/;
const OWNER = 'server/modules/plans/';
const DECLARED = ['server/db/schema.ts', 'server/db/migrations/'];
/** Stripe's subscription object, update call and invoice preview, not our columns. */
const STRIPE_FIELDS = [
  'server/modules/subscriptions/stripe-billing.ts: cancelAtPeriodEnd: subscription.cancel_at_period_end,',
  'server/modules/subscriptions/stripe-billing.ts: cancel_at_period_end: change.cancelAtPeriodEnd,',
  'server/modules/subscriptions/stripe-preview.ts: cancel_at_period_end: false,',
];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

test("the subscription's columns appear only in the module that owns the plan", () => {
  const found = [...sourceFiles('server'), ...sourceFiles('src')]
    .filter((file) => !file.startsWith(OWNER) && !DECLARED.some((declared) => file.startsWith(declared)))
    .flatMap((file) =>
      fs
        .readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .filter((line) => COLUMNS.test(line))
        .map((line) => `${file}: ${line.trim()}`),
    );
  expect(found).toEqual(STRIPE_FIELDS);
  // And the owner does hold them: the check above would pass on a tree where they were renamed.
  expect(
    sourceFiles('server/modules/plans').some((file) => COLUMNS.test(fs.readFileSync(path.join(ROOT, file), 'utf8'))),
  ).toBe(true);
});
