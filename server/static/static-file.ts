/**
 * One servable file, read into memory once at startup with its precompressed variants and a
 * strong ETag for each representation (tens of files of a few KB: memory is cheaper than a disk
 * read and a hash per request).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ENCODINGS, type Encoding } from './precompress';

export type ContentCoding = Encoding | 'identity';

/** The bytes sent for one content coding, and their validator. */
export interface Representation {
  coding: ContentCoding;
  body: Buffer;
  /** A strong ETag, quoted; different for every coding since the bytes are. */
  etag: string;
}

export interface StaticFile {
  /** The file's extension, for Content-Type. */
  extension: string;
  identity: Representation;
  /** The precompressed variants that hold exactly the file, best coding first. */
  variants: Representation[];
}

const DECOMPRESS: Record<Encoding, (body: Buffer) => Buffer> = {
  br: (body) => zlib.brotliDecompressSync(body),
  gzip: (body) => zlib.gunzipSync(body),
};

function representation(coding: ContentCoding, body: Buffer): Representation {
  return { coding, body, etag: `"${crypto.hash('sha1', body, 'base64url')}"` };
}

/**
 * A variant from an earlier build would send other bytes than the file: one is used only when it
 * decompresses to exactly the file (a few milliseconds for the whole renderer, once).
 */
function readVariant(file: string, identity: Buffer, encoding: (typeof ENCODINGS)[number]): Representation | undefined {
  let body: Buffer;
  try {
    body = fs.readFileSync(file + encoding.suffix);
  } catch {
    return undefined;
  }
  try {
    if (!DECOMPRESS[encoding.name](body).equals(identity)) return undefined;
  } catch {
    return undefined;
  }
  return representation(encoding.name, body);
}

/** Reads `file` and its variants; undefined when the file does not exist. */
export function loadStaticFile(file: string): StaticFile | undefined {
  let identity: Buffer;
  try {
    identity = fs.readFileSync(file);
  } catch {
    return undefined;
  }
  const variants = ENCODINGS.map((encoding) => readVariant(file, identity, encoding)).filter(
    (variant): variant is Representation => variant !== undefined,
  );
  return { extension: path.extname(file), identity: representation('identity', identity), variants };
}

/** Whether `file` is a precompressed variant of another file (served only in its place). */
export function isVariantFile(file: string): boolean {
  return ENCODINGS.some(
    (encoding) => file.endsWith(encoding.suffix) && fs.existsSync(file.slice(0, -encoding.suffix.length)),
  );
}
