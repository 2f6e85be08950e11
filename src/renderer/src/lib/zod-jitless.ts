/**
 * zod's one-time probe for `new Function` (for its faster parsers) breaks the CSP's script-src,
 * which the browser reports as a console error even though zod catches it. zod reads its settings
 * from this global when it loads (`z.config` writes the same object), so setting it before any
 * form's chunk loads means it never probes.
 */
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

export {};
