/**
 * electron-builder.yml, checked without Electron: against electron-builder's own JSON schema,
 * then for what the security model (docs/security-model.md E-11) and the desktop issue require of the packaged app.
 * packaging-dry-run.test.ts packs it for real, with a stand-in for Electron's binary.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Ajv from 'ajv';
import type { Configuration, TargetConfiguration } from 'electron-builder';
import { describe, expect, it } from 'vitest';
import {
  BINDING_ONLY_PACKAGES,
  DESKTOP_RUNTIME_PACKAGES,
  ROOT,
  importedDependencies,
  packagesAllowedBy,
  readJson,
  readPackageJson,
  runtimeClosure,
  runtimeImports,
} from './runtime-packages';

// js-yaml and ajv come with electron-builder (app-builder-lib parses and validates its config
// with them); js-yaml ships no types, so it is loaded through require with the one call we use.
const { load: parseYaml } = createRequire(import.meta.url)('js-yaml') as { load: (text: string) => unknown };

const config = parseYaml(fs.readFileSync(path.join(ROOT, 'electron-builder.yml'), 'utf8')) as Configuration;

function list<T>(value: T | T[] | null | undefined): T[] {
  if (value === null || value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** The target names of a platform's `target` option (strings or `{ target }` objects). */
function targetNames(target: string | TargetConfiguration | (string | TargetConfiguration)[] | null | undefined) {
  return list(target).map((t) => (typeof t === 'string' ? t : t.target));
}

/** `files` as plain patterns (the config uses no FileSet objects). */
function filePatterns(): string[] {
  return list(config.files).map((entry) => {
    if (typeof entry !== 'string') throw new Error('files: expected plain patterns');
    return entry;
  });
}

describe('electron-builder.yml', () => {
  it("is valid against electron-builder's own schema (app-builder-lib/scheme.json)", () => {
    const schema = readJson<object>('node_modules/app-builder-lib/scheme.json');
    // The options electron-builder validates with, except coerceTypes: a string where a boolean
    // belongs is an error here, not silently converted.
    const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
    const valid = validate(config);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('names the app and keeps its build resources in build/', () => {
    expect(config.appId).toBe('app.tellbox.desktop');
    expect(config.productName).toBe('Tellbox');
    expect(config.directories?.buildResources).toBe('build');
    // Nothing is uploaded anywhere by a packaging run.
    expect(config.publish).toBeNull();
  });

  it('packs the app into an asar archive, with native modules unpacked next to it', () => {
    expect(config.asar).toBe(true);
    expect(list(config.asarUnpack)).toContain('**/*.node');
  });

  it('packages only the built app: out/main, out/preload, out/renderer and package.json', () => {
    const included = filePatterns().filter((p) => !p.startsWith('!') && !p.startsWith('node_modules/'));
    expect(included.sort()).toEqual(['out/main/**', 'out/preload/**', 'out/renderer/**', 'package.json']);
    // No pattern lets in sources, tests, the server, data, secrets or the server's build.
    for (const pattern of filePatterns().filter((p) => !p.startsWith('!'))) {
      expect(pattern).not.toMatch(/^(\*\*\/)?(src|server|tests|data|widget)\b|\.env|out\/server|^\*\*\/\*$/);
    }
    // Everything in node_modules is out unless named below.
    expect(filePatterns()).toContain('!node_modules/**');
  });

  it('turns on the fuses of the security model (docs/security-model.md E-11) and the hardening that goes with them', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableCookieEncryption: true,
      grantFileProtocolExtraPrivileges: false,
      loadBrowserProcessSpecificV8Snapshot: false,
    });
  });

  it('builds AppImage and deb for Linux, dmg for macOS and NSIS for Windows', () => {
    expect(targetNames(config.linux?.target).sort()).toEqual(['AppImage', 'deb']);
    expect(config.linux?.maintainer).toMatch(/^Tellbox <[^@\s]+@[^@\s]+>$/);
    expect(config.linux?.category).toBe('Office');

    expect(targetNames(config.mac?.target)).toEqual(['dmg']);
    expect(config.mac?.hardenedRuntime).toBe(true);
    expect(config.mac?.category).toMatch(/^public\.app-category\./);
    for (const entitlements of [config.mac?.entitlements, config.mac?.entitlementsInherit]) {
      expect(entitlements).toBe('build/entitlements.mac.plist');
    }

    expect(targetNames(config.win?.target)).toEqual(['nsis']);
    expect(config.nsis).toMatchObject({ oneClick: false, perMachine: false, selectPerMachineByDefault: false });
  });

  it('gives the macOS app only the JIT entitlement V8 needs', () => {
    const plist = fs.readFileSync(path.join(ROOT, 'build/entitlements.mac.plist'), 'utf8');
    const keys = [...plist.matchAll(/<key>([^<]+)<\/key>/g)].map((m) => m[1]);
    expect(keys).toEqual(['com.apple.security.cs.allow-jit']);
  });

  it('does not rebuild native modules in place: keytar is N-API and loads in Electron as installed', () => {
    expect(config.npmRebuild).toBe(false);
    const keytar = path.join(ROOT, 'node_modules/keytar/package.json');
    // keytar is an optional dependency: where libsecret is missing it is not installed at all.
    if (fs.existsSync(keytar)) {
      const pkg = JSON.parse(fs.readFileSync(keytar, 'utf8')) as { binary?: { napi_versions?: number[] } };
      expect(pkg.binary?.napi_versions?.length).toBeGreaterThan(0);
    }
  });
});

describe('the node_modules of the packaged app', () => {
  it('reads the imports the main process loads at run time', () => {
    const source = [
      "import type { A } from 'type-only';",
      "export type { B } from 'type-only-too';",
      "import Store from 'electron-store';",
      "import { app, type BrowserWindow } from 'electron';",
      "import 'side-effect';",
      "export * from './local';",
      "const keytar = await import('keytar');",
    ].join('\n');
    expect(runtimeImports(source)).toEqual(['electron-store', 'electron', 'side-effect', 'keytar']);
  });

  it('holds every dependency that src/main, src/preload and src/shared import', () => {
    // A new run-time import needs its entry in DESKTOP_RUNTIME_PACKAGES and in electron-builder.yml.
    expect(DESKTOP_RUNTIME_PACKAGES).toEqual(expect.arrayContaining(importedDependencies()));
  });

  it('lets in exactly those packages and their dependencies, as package-lock.json resolves them', () => {
    const pkg = readPackageJson();
    for (const name of DESKTOP_RUNTIME_PACKAGES) {
      expect({ ...pkg.dependencies, ...pkg.optionalDependencies }).toHaveProperty([name]);
    }
    expect(packagesAllowedBy(filePatterns())).toEqual(runtimeClosure(DESKTOP_RUNTIME_PACKAGES));
  });

  it('takes from keytar only its manifest, its JavaScript and its native binding', () => {
    for (const name of BINDING_ONLY_PACKAGES) {
      const own = filePatterns().filter((p) => p.startsWith(`node_modules/${name}/`));
      expect(own.sort()).toEqual([
        `node_modules/${name}/build/Release/*.node`,
        `node_modules/${name}/lib/**`,
        `node_modules/${name}/package.json`,
      ]);
      const lib = path.join(ROOT, 'node_modules', name, 'lib');
      if (!fs.existsSync(lib)) continue; // optional dependency, not installed here
      for (const file of fs.readdirSync(lib)) {
        const required = [...fs.readFileSync(path.join(lib, file), 'utf8').matchAll(/require\(['"]([^'"]+)['"]\)/g)];
        expect(required.map((m) => m[1])).toEqual(['../build/Release/keytar.node']);
      }
    }
  });
});

describe('the app icon', () => {
  it('is a 1024×1024 RGBA PNG (electron-builder derives .icns and .ico from it)', () => {
    const png = fs.readFileSync(path.join(ROOT, 'build/icon.png'));
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    // The first chunk is IHDR: width, height (big-endian), bit depth, colour type (6 = RGBA).
    expect(png.toString('ascii', 12, 16)).toBe('IHDR');
    expect(png.readUInt32BE(16)).toBe(1024);
    expect(png.readUInt32BE(20)).toBe(1024);
    expect(png[24]).toBe(8);
    expect(png[25]).toBe(6);
  });

  it('comes from build/icon.svg, drawn in the brand teal', () => {
    const svg = fs.readFileSync(path.join(ROOT, 'build/icon.svg'), 'utf8');
    expect(svg).toContain('viewBox="0 0 1024 1024"');
    expect(svg).toContain('#0f766e');
    // Shapes only: text would render with whatever fonts the machine has.
    expect(svg).not.toMatch(/<text\b/);
  });
});

describe('package.json', () => {
  it('starts the app from out/main/index.js, where electron-vite builds the main process', () => {
    expect(readPackageJson().main).toBe('out/main/index.js');
  });
});
