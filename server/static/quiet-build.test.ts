import { describe, expect, test } from 'vitest';
import { durationText, listOf, runQuietly, type QuietBuild } from './quiet-build';

/** A build that is a real process: writes `lines` lines to stdout and stderr, then exits with `code`. */
const build = (label: string, lines: number, code = 0): QuietBuild => ({
  label,
  command: [
    process.execPath,
    '-e',
    `for (let i = 1; i <= ${lines}; i++) { console.log('${label} step ' + i); console.error('${label} warning ' + i); } process.exit(${code});`,
  ],
});

function run(builds: QuietBuild[], elapsedMs = 41_000) {
  let output = '';
  let clock = 0;
  const code = runQuietly(builds, {
    write: (text) => (output += text),
    now: () => (clock += elapsedMs) - elapsedMs,
  });
  return { code, output };
}

describe("npm start's builds", () => {
  test('print one line when they succeed, whatever the builds write', () => {
    const { code, output } = run([build('the server', 50), build('the widget', 50), build('the console', 140)]);
    expect(code).toBe(0);
    expect(output).toBe('start: building the server, the widget and the console… built in 41 s.\n');
  });

  test("a failed build prints its whole output and stops with its exit code; later builds don't run", () => {
    const { code, output } = run([build('the server', 2), build('the widget', 3, 2), build('the console', 1)]);
    expect(code).toBe(2);
    const lines = output.split('\n');
    expect(lines[0]).toBe('start: building the server, the widget and the console… failed.');
    expect(lines[1]).toMatch(/^start: building the widget failed \(.+: exit code 2\)\. Its output:$/);
    for (let i = 1; i <= 3; i++) {
      expect(output).toContain(`the widget step ${i}\n`);
      expect(output).toContain(`the widget warning ${i}\n`);
    }
    expect(output).not.toContain('the server step');
    expect(output).not.toContain('the console step');
  });

  test('a build that cannot start at all says why', () => {
    const { code, output } = run([{ label: 'the console', command: ['/no/such/program'] }]);
    expect(code).toBe(1);
    expect(output).toContain(
      'start: building the console failed (/no/such/program: spawnSync /no/such/program ENOENT)',
    );
  });

  test('lists and durations read as words', () => {
    expect(listOf(['the console'])).toBe('the console');
    expect(listOf(['the widget', 'the console'])).toBe('the widget and the console');
    expect(durationText(400)).toBe('1 s');
    expect(durationText(65_000)).toBe('1 min 5 s');
  });
});
