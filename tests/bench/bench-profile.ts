/**
 * How big a bench run is. `BENCH_PROFILE=full` (the default) is the bench as its budgets were set
 * on; `BENCH_PROFILE=ci` is the CI-sized run (about 3-4 minutes on a 2-core machine instead of
 * 15-20): every budget line is still checked, each with enough of its measurement left to fail
 * for the bug it guards (run.ts's header says why each size). A variable of its own
 * (`BENCH_SECONDS=10`) overrides its profile's value.
 */
type Profile = 'full' | 'ci';

function profile(): Profile {
  const raw = process.env.BENCH_PROFILE;
  if (raw === undefined || raw === '' || raw === 'full') return 'full';
  if (raw === 'ci') return 'ci';
  throw new Error(`BENCH_PROFILE must be full or ci, not ${raw}`);
}

/** The bench's sizes per profile, each named by the variable that overrides it. */
const SIZES = {
  /** Seconds of each measured wrk run. */
  BENCH_SECONDS: { full: 10, ci: 2, max: 600 },
  /** Measured wrk rounds per target; the best round is the result. */
  BENCH_ROUNDS: { full: 5, ci: 5, max: 20 },
  /** Feedback seeded for the inbox at depth, on each database. */
  BENCH_INBOX_ROWS: { full: 1_000_000, ci: 400_000, max: 10_000_000 },
  /** Rounds of the widget's launch (widget and baseline, first and repeat visit each). */
  BENCH_LAUNCH_ROUNDS: { full: 15, ci: 9, max: 100 },
  /** Idle and flood rounds of the password flood. */
  BENCH_FLOOD_ROUNDS: { full: 3, ci: 1, max: 10 },
} as const;

export type BenchSize = keyof typeof SIZES;

/** The profile's value of `name`, or the variable's own when it is set (a whole number from 1 to its max). */
export function benchSize(name: BenchSize): number {
  const size = SIZES[name];
  const raw = process.env[name];
  if (raw === undefined || raw === '') return size[profile()];
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > size.max) {
    throw new Error(`${name} must be a whole number from 1 to ${size.max}`);
  }
  return value;
}

/** `full` or `ci`, for the bench's first line. */
export const benchProfile = (): Profile => profile();
