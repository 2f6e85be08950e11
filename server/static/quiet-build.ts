/**
 * Runs `npm start`'s builds without their ~140 lines of output: a build that succeeds says nothing
 * and the whole run ends in one line ("start: built the server, the widget and the console in
 * 41 s"); a build that fails prints everything it wrote, so its errors are never hidden, and the
 * run stops with its exit code.
 */
import { spawnSync } from 'node:child_process';

export interface QuietBuild {
  /** What it builds, as the line says it: "the console". */
  label: string;
  /** The command and its arguments, e.g. `['npm', 'run', '--silent', 'build:widget']`. */
  command: string[];
}

export interface QuietBuildIo {
  /** Writes text as it is (no newline added). */
  write(text: string): void;
  /** Milliseconds from some fixed point. */
  now(): number;
}

const defaultIo: QuietBuildIo = {
  write: (text) => process.stdout.write(text),
  now: () => performance.now(),
};

/** "a", "a and b", "a, b and c". */
export function listOf(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** Seconds as a person reads them: "41 s", "1 min 5 s". */
export function durationText(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** Runs `builds` one after another; returns 0, or the exit code of the first that failed. */
export function runQuietly(builds: QuietBuild[], io: QuietBuildIo = defaultIo): number {
  const labels = listOf(builds.map((build) => build.label));
  // The line starts now and ends when the builds do: a long build shows what it is waiting for.
  io.write(`start: building ${labels}… `);
  const started = io.now();
  for (const build of builds) {
    const [file, ...args] = build.command;
    const result = spawnSync(file ?? '', args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, shell: false });
    if (result.status !== 0) {
      const why = result.error ? result.error.message : `exit code ${result.status ?? result.signal}`;
      io.write(`failed.\nstart: building ${build.label} failed (${build.command.join(' ')}: ${why}). Its output:\n`);
      io.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
      return result.status || 1;
    }
  }
  io.write(`built in ${durationText(io.now() - started)}.\n`);
  return 0;
}
