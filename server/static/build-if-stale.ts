/**
 * `npm start` first runs this: it rebuilds the server bundle, the widget and the renderer when one
 * of their sources is newer than their output (a `git pull`, an edit) or an output is missing, so
 * the server always serves what the checkout holds, and a start with nothing changed costs no
 * build. It prints one line: what it built and how long that took, or that nothing needed it; a
 * build that fails prints all it wrote, and `npm start` stops there.
 */
import fs from 'node:fs';
import path from 'node:path';
import { runQuietly } from './quiet-build';

interface BuildTarget {
  name: string;
  /** What it is to the person who runs `npm start`. */
  label: string;
  /** The npm script that builds it. */
  script: string;
  /** Files the build writes; the oldest of them must be newer than every source. */
  outputs: string[];
  /** Files and folders (walked) that the build reads. */
  sources: string[];
}

/** Sources every build shares: the code of both sides and the exact dependency versions. */
const SHARED_SOURCES = ['src/shared', 'package-lock.json'];
/** The one compressor the widget and renderer builds both run. */
const PRECOMPRESS_SOURCES = ['server/static/precompress.ts', 'server/static/precompress-cli.ts'];

const TARGETS: BuildTarget[] = [
  {
    name: 'server',
    label: 'the server',
    script: 'build:server',
    // index.js only checks Node and imports the chunk with the server in it (server/build-options.ts);
    // the server starts its read workers from feedback-read-worker.js.
    outputs: ['out/server/index.js', 'out/server/server-process.js', 'out/server/feedback-read-worker.js'],
    sources: ['server', ...SHARED_SOURCES],
  },
  {
    name: 'widget',
    label: 'the widget',
    script: 'build:widget',
    outputs: ['widget/dist/widget.js', 'widget/dist/widget.js.br', 'widget/dist/widget.js.gz'],
    sources: ['widget/src', 'widget/build.ts', 'widget/build-options.ts', ...PRECOMPRESS_SOURCES, ...SHARED_SOURCES],
  },
  {
    name: 'renderer',
    label: 'the console',
    script: 'build:renderer',
    // index.html.br is written last (build:compress): a build that stopped half-way counts as missing.
    outputs: ['out/renderer/index.html', 'out/renderer/index.html.br'],
    // package.json holds the build's steps (vite, prerender, compress).
    sources: ['src/renderer', 'electron.vite.config.ts', 'package.json', ...PRECOMPRESS_SOURCES, ...SHARED_SOURCES],
  },
];

/** Tests never reach a build's output. */
const isTestFile = (file: string) => /\.test\.tsx?$/.test(file);

interface Newest {
  file: string;
  mtimeMs: number;
}

/** The most recently modified file among `sources` (folders walked). */
function newestSource(sources: string[]): Newest | undefined {
  let newest: Newest | undefined;
  const consider = (file: string) => {
    const { mtimeMs } = fs.statSync(file);
    if (!newest || mtimeMs > newest.mtimeMs) newest = { file, mtimeMs };
  };
  for (const source of sources) {
    if (!fs.existsSync(source)) continue;
    if (!fs.statSync(source).isDirectory()) {
      consider(source);
      continue;
    }
    for (const entry of fs.readdirSync(source, { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && !isTestFile(entry.name)) consider(path.join(entry.parentPath, entry.name));
    }
  }
  return newest;
}

/** Why `target` must be rebuilt, or undefined when its outputs are current. */
function staleReason(target: BuildTarget): string | undefined {
  const missing = target.outputs.find((file) => !fs.existsSync(file));
  if (missing) return `${missing} is missing`;
  const oldest = target.outputs
    .map((file) => ({ file, mtimeMs: fs.statSync(file).mtimeMs }))
    .reduce((a, b) => (b.mtimeMs < a.mtimeMs ? b : a));
  const newest = newestSource(target.sources);
  return newest && newest.mtimeMs > oldest.mtimeMs ? `${newest.file} is newer than ${oldest.file}` : undefined;
}

const stale = TARGETS.filter((target) => staleReason(target) !== undefined);
if (stale.length === 0) {
  console.log(`start: nothing to rebuild (${TARGETS.map(({ name }) => name).join(', ')} up to date)`);
} else {
  // One line while all goes well; a failed build's whole output otherwise (quiet-build.ts).
  const code = runQuietly(
    stale.map((target) => ({ label: target.label, command: ['npm', 'run', '--silent', target.script] })),
  );
  if (code !== 0) process.exit(code);
}
