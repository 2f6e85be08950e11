/**
 * A widget's config answer, serialised and compressed once per language, the first time a visitor
 * asks for that language, with each encoding's headers prepared, so that a visitor's request costs
 * a lookup and a write. A browser that sends the ETag it holds gets a 304 while the config is
 * unchanged.
 */
import { createHash } from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { WidgetLanguage } from '../../../src/shared/widget-language';
import { COMPRESS_ABOVE_BYTES, chooseCoding, type ContentCoding } from '../../lib/content-negotiation';
import { PUBLIC_HEADERS } from '../../lib/cors';

/** Browsers may reuse the config this long; owners' edits reach visitors within it. */
export const CONFIG_MAX_AGE_SECONDS = 60;

export interface EncodedAnswer {
  /**
   * The bytes to send; the JSON text itself when uncompressed: Node writes a string body together
   * with the headers in one write, where a Buffer takes a second one (writev), a third of the cost
   * of a small answer.
   */
  body: Buffer | string;
  etag: string;
  /** The 200's headers, public ones included (written in one `writeHead`, no `setHeader`). */
  ok: OutgoingHttpHeaders;
  /** The 304's headers. */
  notModified: OutgoingHttpHeaders;
}

export interface ConfigAnswers {
  identity: EncodedAnswer;
  br?: EncodedAnswer;
  gzip?: EncodedAnswer;
  /** The compressed codings present, for negotiation. */
  codings: ContentCoding[];
}

const PUBLIC = Object.fromEntries(PUBLIC_HEADERS);

function encoded(body: Buffer | string, etag: string, encoding: ContentCoding): EncodedAnswer {
  const notModified: OutgoingHttpHeaders = {
    ...PUBLIC,
    'Cache-Control': `public, max-age=${CONFIG_MAX_AGE_SECONDS}`,
    ETag: etag,
  };
  return {
    body,
    etag,
    notModified,
    ok: {
      ...notModified,
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
      ...(encoding !== 'identity' && { 'Content-Encoding': encoding }),
    },
  };
}

/** The answers for one config: always identity, and brotli and gzip when the body is worth it. */
export function encodeConfigAnswers(json: string): ConfigAnswers {
  const body = Buffer.from(json);
  const hash = createHash('sha1').update(body).digest('base64url');
  const answers: ConfigAnswers = { identity: encoded(json, `"${hash}"`, 'identity'), codings: [] };
  if (body.length <= COMPRESS_ABOVE_BYTES) return answers;
  // Quality 6: a reload of a busy widget must stay cheap; 11 would save a few more bytes.
  const br = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  const gzip = gzipSync(body, { level: 6 });
  if (br.length < body.length) {
    answers.br = encoded(br, `"${hash}-br"`, 'br');
    answers.codings.push('br');
  }
  if (gzip.length < body.length) {
    answers.gzip = encoded(gzip, `"${hash}-gz"`, 'gzip');
    answers.codings.push('gzip');
  }
  return answers;
}

/** The best answer the client accepts; identity when it names nothing or nothing else exists. */
export function answerFor(answers: ConfigAnswers, acceptEncoding: string | undefined): EncodedAnswer {
  if (answers.codings.length === 0) return answers.identity;
  return answers[chooseCoding(acceptEncoding, answers.codings)] ?? answers.identity;
}

/**
 * A config's answers by language, each made on its first request: most widgets only ever see one
 * or two of the languages, so the others cost neither the compression nor the memory. Each
 * language's ETag is its own body's hash, so they never collide.
 */
export interface LocalisedAnswers {
  in(language: WidgetLanguage): ConfigAnswers;
}

/** `render` gives the config's JSON in a language; it is called at most once per language. */
export function createLocalisedAnswers(render: (language: WidgetLanguage) => string): LocalisedAnswers {
  const made: Partial<Record<WidgetLanguage, ConfigAnswers>> = {};
  return {
    in(language) {
      return (made[language] ??= encodeConfigAnswers(render(language)));
    },
  };
}
