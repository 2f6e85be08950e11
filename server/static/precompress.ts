/**
 * Compression at build time: beside each text file, `<file>.br` (brotli, quality 11) and
 * `<file>.gz` (gzip, level 9), each only when it is smaller than the file. The server then picks
 * one per request without compressing anything itself. The widget build and the renderer build
 * (`npm run build:compress`) both use this one implementation.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Files worth compressing: text. Images and fonts are compressed by their own formats already. */
const TEXT_EXTENSIONS = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.txt', '.xml', '.webmanifest']);

/** A content coding the server can pick, and the suffix of the file that holds it. */
export const ENCODINGS = [
  { name: 'br', suffix: '.br', compress: brotliAtMost },
  { name: 'gzip', suffix: '.gz', compress: gzipAtMost },
] as const;

export type Encoding = (typeof ENCODINGS)[number]['name'];

async function brotliAtMost(bytes: Buffer): Promise<Buffer> {
  return brotliCompress(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

async function gzipAtMost(bytes: Buffer): Promise<Buffer> {
  return gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION });
}

/** A path with a segment that starts with a dot: never served, so never compressed. */
export function isHidden(relativePath: string): boolean {
  return relativePath.split(path.sep).some((segment) => segment.startsWith('.'));
}

export function isCompressible(file: string): boolean {
  return TEXT_EXTENSIONS.has(path.extname(file).toLowerCase());
}

/** What precompressing one file wrote: its size and each variant's (absent when not smaller). */
export interface PrecompressedFile {
  file: string;
  bytes: number;
  variants: Partial<Record<Encoding, number>>;
}

/**
 * Writes `file.br` and `file.gz` when each is smaller than `file`, and removes a variant left
 * from an earlier build that no longer pays (it would no longer match the file).
 */
export async function precompressFile(file: string): Promise<PrecompressedFile> {
  const bytes = await fs.readFile(file);
  const result: PrecompressedFile = { file, bytes: bytes.length, variants: {} };
  for (const encoding of ENCODINGS) {
    const variantFile = file + encoding.suffix;
    const compressed = await encoding.compress(bytes);
    if (compressed.length < bytes.length) {
      await fs.writeFile(variantFile, compressed);
      result.variants[encoding.name] = compressed.length;
    } else {
      await fs.rm(variantFile, { force: true });
    }
  }
  return result;
}

/** Precompresses every text file under `dir`, sub-folders included, but not hidden ones (`.vite/`). */
export async function precompressDir(dir: string): Promise<PrecompressedFile[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && isCompressible(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !isHidden(path.relative(dir, file)))
    .sort();
  return Promise.all(files.map(precompressFile));
}
