/**
 * The plan table the server enforces: docs/plans-and-billing.md "Plans", or an admin's override from the JSON file
 * named by PLANS_FILE (validated at start; a bad file stops the server naming the variable).
 * An override changes only what it names, e.g. `{"free": {"limits": {"maxWidgets": 2}}}`.
 */
import fs from 'node:fs';
import { z } from 'zod';
import { isKnownCurrency } from '../src/shared/money';
import { DEFAULT_PLANS, PLAN_IDS, type PlanTable } from '../src/shared/plans';
import { ConfigError } from './config';

const limit = z.number().int().min(0).nullable();

const planOverrideSchema = z
  .strictObject({
    name: z.string().min(1),
    /**
     * Read before prices were formatted from `monthlyPriceCents` and `currency`: still accepted so
     * an older file loads, and ignored (docs/plans-and-billing.md, "Changing the table").
     */
    priceText: z.string(),
    monthlyPriceCents: z.number().int().min(0),
    currency: z
      .string()
      .transform((code) => code.toUpperCase())
      .refine(isKnownCurrency, 'Expected an ISO 4217 currency code, e.g. "USD" or "EUR"'),
    description: z.string(),
    popular: z.boolean(),
    limits: z
      .strictObject({
        maxWidgets: limit,
        visibleFeedbackPerMonth: limit,
        feedbackScope: z.enum(['account', 'widget']),
        maxPosts: limit,
        postPeriod: z.enum(['month', 'total']),
        maxInstallationsPerWidget: limit,
        webhooks: z.boolean(),
        maxMembers: limit,
      })
      .partial(),
  })
  .partial();

const tableOverrideSchema = z.strictObject({
  free: planOverrideSchema.optional(),
  pro: planOverrideSchema.optional(),
  premium: planOverrideSchema.optional(),
});

/** The default table with the override of `file` applied; the default alone without a file. */
export function loadPlanTable(file: string | undefined): PlanTable {
  if (!file) return DEFAULT_PLANS;
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(
      `Invalid configuration:\n  PLANS_FILE: cannot read ${file} as JSON (${(error as Error).message})`,
    );
  }
  const result = tableOverrideSchema.safeParse(parsed);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `PLANS_FILE: ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const table = structuredClone(DEFAULT_PLANS);
  for (const id of PLAN_IDS) {
    const override = result.data[id];
    if (!override) continue;
    const { limits, priceText: _ignored, ...rest } = override;
    table[id] = { ...table[id], ...rest, limits: { ...table[id].limits, ...limits } };
  }
  return table;
}
