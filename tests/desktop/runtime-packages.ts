/**
 * Which npm packages the packaged desktop app needs in its node_modules, worked out from the
 * sources and package-lock.json, so the packaging tests can hold electron-builder.yml's `files`
 * list to it.
 */
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The packages the main process loads at run time. electron-vite keeps package.json
 * `dependencies` out of the main bundle, so each must ship in node_modules with its own
 * dependencies. The architecture names them before every import exists; the tests check that
 * no source imports a package missing from this list.
 */
export const DESKTOP_RUNTIME_PACKAGES = ['electron-store', 'eventsource-parser', 'keytar', 'zod'] as const;

/**
 * Native modules whose JavaScript loads nothing but their own binding: their npm dependencies
 * (node-addon-api, prebuild-install) only serve the install, so they are not packaged.
 */
export const BINDING_ONLY_PACKAGES = ['keytar'] as const;

/** The folders whose code runs in, or is bundled into, the main process and the preload. */
const DESKTOP_SOURCE_DIRS = ['src/main', 'src/preload', 'src/shared'];

interface LockEntry {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

/** `node_modules/a/node_modules/@s/b` → `@s/b`. */
function nameOf(lockPath: string): string {
  return lockPath.slice(lockPath.lastIndexOf('node_modules/') + 'node_modules/'.length);
}

interface PackageJson {
  main?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

export function readJson<T>(relativePath: string): T {
  return JSON.parse(fs.readFileSync(path.join(ROOT, relativePath), 'utf8')) as T;
}

export function readPackageJson(): PackageJson {
  return readJson<PackageJson>('package.json');
}

/** `@scope/name/sub/path` → `@scope/name`; `name/sub` → `name`. */
export function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

function sourceFiles(dir: string): string[] {
  const absolute = path.join(ROOT, dir);
  if (!fs.existsSync(absolute)) return [];
  return fs
    .readdirSync(absolute, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.(test|d)\.tsx?$/.test(file))
    .map((file) => path.join(absolute, file));
}

/** Bare module specifiers a source file loads at run time (`import type` and `export type` are erased). */
export function runtimeImports(source: string): string[] {
  const found: string[] = [];
  const staticImport = /(?:^|[\n;])\s*(?:import|export)\s+(type\s+)?(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]/g;
  for (const match of source.matchAll(staticImport)) {
    if (!match[1] && match[2]) found.push(match[2]);
  }
  for (const match of source.matchAll(/\b(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    if (match[1]) found.push(match[1]);
  }
  return found.filter((specifier) => !specifier.startsWith('.') && !specifier.startsWith('/'));
}

/** Production dependencies that the main process, the preload or src/shared import. */
export function importedDependencies(): string[] {
  const pkg = readPackageJson();
  const production = new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.optionalDependencies ?? {})]);
  const builtins = new Set(builtinModules);
  const names = new Set<string>();
  for (const dir of DESKTOP_SOURCE_DIRS) {
    for (const file of sourceFiles(dir)) {
      for (const specifier of runtimeImports(fs.readFileSync(file, 'utf8'))) {
        const name = packageName(specifier);
        if (specifier.startsWith('node:') || builtins.has(name) || name === 'electron') continue;
        if (production.has(name)) names.add(name);
      }
    }
  }
  return [...names].sort();
}

/**
 * The names of the packages in the run-time dependency closure of `roots`, resolved through
 * package-lock.json the way Node resolves them (nearest node_modules first). electron-builder
 * hoists them into its own node_modules tree, so the names are what `files` must allow.
 */
export function runtimeClosure(roots: readonly string[]): string[] {
  const lock = readJson<{ packages: Record<string, LockEntry> }>('package-lock.json').packages;
  const bindingOnly = new Set<string>(BINDING_ONLY_PACKAGES);
  const resolve = (fromPath: string, name: string): string | undefined => {
    let dir = fromPath;
    for (;;) {
      const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
      if (lock[candidate]) return candidate;
      if (!dir) return undefined;
      const cut = dir.lastIndexOf('/node_modules/');
      dir = cut < 0 ? '' : dir.slice(0, cut);
    }
  };
  const seen = new Set<string>();
  const visit = (lockPath: string): void => {
    if (seen.has(lockPath)) return;
    seen.add(lockPath);
    const entry = lock[lockPath];
    if (!entry || bindingOnly.has(nameOf(lockPath))) return;
    for (const dependency of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies })) {
      const resolved = resolve(lockPath, dependency);
      // An optional dependency for another platform has no entry here.
      if (resolved) visit(resolved);
    }
  };
  for (const root of roots) {
    const resolved = resolve('', root);
    if (!resolved) throw new Error(`${root} is not in package-lock.json`);
    visit(resolved);
  }
  return [...new Set([...seen].map(nameOf))].sort();
}

/** The package names that `files` patterns of the form `node_modules/<name>/…` let in. */
export function packagesAllowedBy(patterns: readonly string[]): string[] {
  const names = new Set<string>();
  for (const pattern of patterns) {
    const match = /^node_modules\/((?:@[^/]+\/)?[^/*{]+)\//.exec(pattern);
    if (match?.[1]) names.add(match[1]);
  }
  return [...names].sort();
}
