/**
 * electron-builder.yml, packed for real (Linux `dir` target) in a throwaway copy of the project.
 * Electron's binary cannot be downloaded here, so a stand-in takes its place: a file that carries
 * Electron's fuse wire at its defaults. What comes out is read back as docs/security-model.md E-11 says
 * (the fuse wire of the packaged executable) and as the issue asks (what the asar holds).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { extractFile, listPackage } from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP_RUNTIME_PACKAGES, ROOT, readJson, runtimeClosure } from './runtime-packages';

const run = promisify(execFile);

/** Where @electron/fuses finds the wire: this string, then the wire's version and length. */
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** Electron's own defaults, in wire order (RunAsNode … GrantFileProtocolExtraPrivileges). */
const DEFAULT_WIRE = '10110001';
const ON = '1'.charCodeAt(0);
const OFF = '0'.charCodeAt(0);

/** A small stand-in for each part of the build, and things that must never reach the package. */
const BUILT = ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html', 'out/renderer/assets/app.js'];
const NEVER_PACKAGED = [
  'out/renderer/.vite/manifest.json',
  'out/main/index.js.map',
  'out/server/index.js',
  'src/main/index.ts',
  'server/index.ts',
  'tests/desktop/x.test.ts',
  'data/tellbox.sqlite',
  'widget/dist/widget.js',
  '.env',
];

let project: string;
let resources: string;
let executable: string;

beforeAll(async () => {
  // Under out/ (ignored by git), so it is on the same file system as node_modules (see below).
  fs.mkdirSync(path.join(ROOT, 'out'), { recursive: true });
  project = fs.mkdtempSync(path.join(ROOT, 'out', 'packaging-test-'));
  for (const file of ['package.json', 'package-lock.json', 'electron-builder.yml']) {
    fs.copyFileSync(path.join(ROOT, file), path.join(project, file));
  }
  fs.cpSync(path.join(ROOT, 'build'), path.join(project, 'build'), { recursive: true });
  // A hard-linked copy (under a second), not a symlink: electron-builder lists the packages with
  // `npm list`, which takes a symlinked node_modules' packages for extraneous ones unless npm's
  // hidden lockfile happens to be newer than every package folder (true after some installs, not
  // after a fresh `npm ci` followed by builds), and then packs the wrong set.
  await run('cp', ['-al', path.join(ROOT, 'node_modules'), path.join(project, 'node_modules')]);
  for (const file of [...BUILT, ...NEVER_PACKAGED]) {
    fs.mkdirSync(path.dirname(path.join(project, file)), { recursive: true });
    fs.writeFileSync(path.join(project, file), `// ${file}\n`);
  }

  const electronDist = path.join(project, 'electron-dist');
  fs.mkdirSync(electronDist);
  const wire = Buffer.concat([
    Buffer.from(FUSE_SENTINEL),
    Buffer.from([1, DEFAULT_WIRE.length]),
    Buffer.from(DEFAULT_WIRE),
  ]);
  fs.writeFileSync(path.join(electronDist, 'electron'), Buffer.concat([Buffer.from('#!/bin/sh\n#'), wire]), {
    mode: 0o755,
  });

  const { version } = readJson<{ version: string }>('node_modules/electron/package.json');
  await run(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/electron-builder/cli.js'),
      '--linux',
      'dir',
      '--publish',
      'never',
      `-c.electronDist=${electronDist}`,
      `-c.electronVersion=${version}`,
    ],
    { cwd: project, env: { ...process.env, CI: 'true' }, maxBuffer: 32 * 1024 * 1024 },
  );
  resources = path.join(project, 'dist/desktop/linux-unpacked/resources');
  executable = path.join(project, 'dist/desktop/linux-unpacked/tellbox');
}, 180_000);

afterAll(() => {
  if (project) fs.rmSync(project, { recursive: true, force: true });
});

describe('the packaged app (electron-builder --linux dir, Electron stood in for)', () => {
  it('has its fuses flipped as the security model asks (docs/security-model.md E-11)', async () => {
    const wire = await getCurrentFuseWire(executable);
    expect({
      runAsNode: wire[FuseV1Options.RunAsNode],
      cookieEncryption: wire[FuseV1Options.EnableCookieEncryption],
      nodeOptions: wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable],
      nodeCliInspect: wire[FuseV1Options.EnableNodeCliInspectArguments],
      asarIntegrity: wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation],
      onlyLoadAppFromAsar: wire[FuseV1Options.OnlyLoadAppFromAsar],
      browserV8Snapshot: wire[FuseV1Options.LoadBrowserProcessSpecificV8Snapshot],
      fileProtocolPrivileges: wire[FuseV1Options.GrantFileProtocolExtraPrivileges],
    }).toEqual({
      runAsNode: OFF,
      cookieEncryption: ON,
      nodeOptions: OFF,
      nodeCliInspect: OFF,
      asarIntegrity: ON,
      onlyLoadAppFromAsar: ON,
      browserV8Snapshot: OFF,
      fileProtocolPrivileges: OFF,
    });
  });

  it('holds the built app and package.json, and nothing else of the project', () => {
    const entries = listPackage(path.join(resources, 'app.asar'), { isPack: false }).map((e) =>
      e.replaceAll('\\', '/'),
    );
    const files = entries.filter((e) => !e.startsWith('/node_modules'));
    expect(files.sort()).toEqual(
      ['/out', '/out/main', '/out/preload', '/out/renderer', '/out/renderer/assets', '/package.json']
        .concat(BUILT.map((f) => `/${f}`))
        .sort(),
    );
  });

  it('starts from out/main/index.js', () => {
    const pkg = JSON.parse(extractFile(path.join(resources, 'app.asar'), 'package.json').toString('utf8')) as {
      main?: string;
    };
    expect(pkg.main).toBe('out/main/index.js');
  });

  it("ships the main process's run-time packages and their dependencies, and no other package", () => {
    const entries = listPackage(path.join(resources, 'app.asar'), { isPack: false }).map((e) =>
      e.replaceAll('\\', '/'),
    );
    const packaged = new Set(
      entries.flatMap((e) => {
        // Any depth: electron-builder hoists, but nests a second version of a package.
        const match = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\/package\.json$/.exec(e);
        return match?.[1] ? [match[1]] : [];
      }),
    );
    const expected = runtimeClosure(DESKTOP_RUNTIME_PACKAGES).filter(
      // keytar is optional: absent where it could not be built.
      (name) => name !== 'keytar' || fs.existsSync(path.join(ROOT, 'node_modules/keytar/package.json')),
    );
    expect([...packaged].sort()).toEqual(expected);
  });

  it("keeps keytar's native binding outside the archive, where Electron can load it", () => {
    const binding = 'node_modules/keytar/build/Release/keytar.node';
    if (!fs.existsSync(path.join(ROOT, binding))) return; // optional dependency, not built here
    expect(fs.existsSync(path.join(resources, 'app.asar.unpacked', binding))).toBe(true);
  });
});
