// Prints one line per failed test in a vitest or Playwright JSON report, so CI's tail names what
// went red (the step table only counts). Usage: node .ci/failed-tests.ts vitest|playwright FILE
// (Node 24 runs TypeScript by stripping its types). Prints nothing when the report is missing or
// unreadable: the step's own check reports that.
import fs from 'node:fs';
import path from 'node:path';

/** The parts of vitest's JSON report (Jest's shape) read here. */
interface VitestReport {
  testResults?: {
    name: string;
    status: string;
    message?: string;
    assertionResults?: { fullName: string; status: string }[];
  }[];
}

/** The parts of Playwright's JSON report read here. */
interface PlaywrightSuite {
  title: string;
  specs?: { title: string; file: string; line: number; tests?: { projectName: string; status: string }[] }[];
  suites?: PlaywrightSuite[];
}
interface PlaywrightReport {
  config?: { rootDir?: string };
  suites?: PlaywrightSuite[];
  errors?: { message?: string }[];
}

const [kind, file] = process.argv.slice(2);
const firstLine = (text: string | undefined): string => (text ?? '').split('\n')[0] ?? '';
const relative = (p: string): string => path.relative(process.cwd(), p);

function readReport(): unknown {
  try {
    return JSON.parse(fs.readFileSync(file ?? '', 'utf8'));
  } catch {
    return undefined;
  }
}

function vitestFailures(report: VitestReport): string[] {
  const lines: string[] = [];
  for (const suite of report.testResults ?? []) {
    const failed = (suite.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failed) lines.push(`${relative(suite.name)} › ${a.fullName}`);
    // A file that failed to load has no failed test, only its message.
    if (failed.length === 0 && suite.status === 'failed') {
      lines.push(`${relative(suite.name)} › ${firstLine(suite.message) || 'failed'}`);
    }
  }
  return lines;
}

function playwrightFailures(report: PlaywrightReport): string[] {
  const lines: string[] = [];
  const rootDir = report.config?.rootDir ?? '';
  const walk = (suite: PlaywrightSuite, titles: string[]): void => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        // CI runs without retries, so a flaky test is a failed one too.
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const name = [...titles, spec.title].filter(Boolean).join(' › ');
        lines.push(`${relative(path.join(rootDir, spec.file))}:${spec.line} [${test.projectName}] › ${name}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  // The top-level suites are the files, already named by the path.
  for (const suite of report.suites ?? []) walk(suite, []);
  for (const error of report.errors ?? []) lines.push(`outside any test › ${firstLine(error.message)}`);
  return lines;
}

const report = readReport();
if (report && typeof report === 'object') {
  const lines =
    kind === 'vitest' ? vitestFailures(report as VitestReport) : playwrightFailures(report as PlaywrightReport);
  for (const line of lines) console.log(line);
}
