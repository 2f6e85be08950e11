/**
 * Reads a small JSON body straight from the request stream, for the public feedback endpoint
 * where body-parser's generality costs more than the rest of the request. Same answers as the
 * owner API's parser: 413 over the limit, 415 for other types or charsets, 400 for bad JSON.
 */
import type { IncomingMessage } from 'node:http';
import { AppError } from './errors';
import { refuseNulText } from './nul-text';

const ACCEPTED_TYPE = /^\s*(application\/json|text\/plain)\s*(;|$)/i;
const CHARSET = /;\s*charset\s*=\s*"?([^";\s]+)/i;

function checkContentType(contentType: string | undefined) {
  if (!contentType || !ACCEPTED_TYPE.test(contentType)) {
    throw new AppError(415, 'Content-Type must be application/json');
  }
  const charset = CHARSET.exec(contentType)?.[1]?.toLowerCase();
  if (charset && charset !== 'utf-8' && charset !== 'utf8') {
    throw new AppError(415, 'Unsupported request body encoding');
  }
}

const tooLarge = () => new AppError(413, 'Request body is too large');

/** Resolves with the parsed JSON (JSON sent as text/plain too); rejects with an AppError. */
export function readJsonBody(req: IncomingMessage, limitBytes: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    try {
      checkContentType(req.headers['content-type']);
      if (Number(req.headers['content-length'] ?? 0) > limitBytes) throw tooLarge();
    } catch (error) {
      reject(error);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limitBytes) {
        req.off('data', onData);
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('error', reject);
    req.on('end', () => {
      if (size > limitBytes) return;
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks, size).toString('utf8'));
      } catch {
        reject(new AppError(400, 'Malformed JSON in request body'));
        return;
      }
      try {
        resolve(refuseNulText(body));
      } catch (error) {
        reject(error);
      }
    });
  });
}
