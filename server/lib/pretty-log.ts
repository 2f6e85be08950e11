/**
 * The log as a person at a terminal reads it: one line per event (time, level, message, then its
 * fields), requests as `GET /path 200 12 ms ip=…`, an error's stack under it, and the mails a server
 * without SMTP writes to its outbox set apart, with their link on a line of its own, since a
 * newcomer finishes their sign-up from there. Used only when stdout is a terminal (logger.ts);
 * anything else (a pipe, a file, a container's log) gets pino's JSON, one object per line.
 *
 * Written here rather than taken from pino-pretty: this is one small formatter, synchronous like
 * the JSON output, and it knows which of Tellbox's lines matter to a newcomer.
 */

/** Where the pretty lines go: a terminal's stream, or anything with `write` in a test. */
export interface TextSink {
  write(text: string): unknown;
}

const LEVELS: Record<number, { name: string; color: string }> = {
  10: { name: 'TRACE', color: '90' },
  20: { name: 'DEBUG', color: '90' },
  30: { name: 'INFO', color: '36' },
  40: { name: 'WARN', color: '33' },
  50: { name: 'ERROR', color: '31' },
  60: { name: 'FATAL', color: '1;31' },
};

/** pino's own fields, and the request line's, which the formatter writes itself. */
const OWN_FIELDS = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'err']);
const REQUEST_FIELDS = new Set(['method', 'path', 'status', 'ms']);
const MAIL_FIELDS = new Set(['to', 'subject', 'link', 'file']);
const INDENT = ' '.repeat(16);

type Paint = (code: string, text: string) => string;

const valueText = (value: unknown) =>
  typeof value === 'string'
    ? value
    : Array.isArray(value) && value.every((item) => typeof item === 'string')
      ? value.join(', ')
      : JSON.stringify(value);

/** A request's other fields (its client's address), after it on the same line. */
const inlineFields = (record: Record<string, unknown>, skip: Set<string>, paint: Paint) =>
  Object.entries(record)
    .filter(([key, value]) => !OWN_FIELDS.has(key) && !skip.has(key) && value !== undefined)
    .map(([key, value]) => ` ${paint('2', `${key}=${valueText(value)}`)}`)
    .join('');

function fieldsText(record: Record<string, unknown>, skip: Set<string>, paint: Paint): string {
  return Object.entries(record)
    .filter(([key, value]) => !OWN_FIELDS.has(key) && !skip.has(key) && value !== undefined)
    .map(([key, value]) => `\n${INDENT}${paint('2', key.padEnd(10))} ${valueText(value)}`)
    .join('');
}

function errorText(error: unknown, paint: Paint): string {
  if (!error || typeof error !== 'object') return '';
  const { stack, message } = error as { stack?: unknown; message?: unknown };
  const text = typeof stack === 'string' ? stack : typeof message === 'string' ? message : JSON.stringify(error);
  return `\n${text
    .split('\n')
    .map((line) => `${INDENT}${paint('31', line)}`)
    .join('\n')}`;
}

/** The body of one record's line(s), after its time and level. */
function bodyOf(record: Record<string, unknown>, paint: Paint): string {
  const message = typeof record.msg === 'string' ? record.msg : '';
  if (message === 'request' && typeof record.method === 'string') {
    const status = Number(record.status);
    const statusColor = status >= 500 ? '31' : status >= 400 ? '33' : '32';
    return (
      `${record.method} ${valueText(record.path)} ${paint(statusColor, String(record.status))} ${paint('2', `${valueText(record.ms)} ms`)}` +
      inlineFields(record, REQUEST_FIELDS, paint)
    );
  }
  if (message === 'mail written to outbox') {
    const link = typeof record.link === 'string' ? `\n${INDENT}${paint('1;32', `→ ${record.link}`)}` : '';
    return (
      `${paint('1', `✉ Mail to ${valueText(record.to)}: ${valueText(record.subject)}`)}${link}` +
      `\n${INDENT}${paint('2', `saved as ${valueText(record.file)}`)}` +
      fieldsText(record, MAIL_FIELDS, paint)
    );
  }
  return paint('1', message) + fieldsText(record, new Set(), paint) + errorText(record.err, paint);
}

/** `09:41:07` in the server's local time: a terminal's reader wants the clock on their wall. */
function clockOf(time: unknown): string {
  const date = new Date(typeof time === 'string' || typeof time === 'number' ? time : Date.now());
  return Number.isNaN(date.getTime()) ? '--:--:--' : date.toTimeString().slice(0, 8);
}

/** Turns one JSON log line into its readable form; a line that is not JSON passes as it is. */
export function prettyLine(line: string, color: boolean): string {
  const paint: Paint = color ? (code, text) => `\u001b[${code}m${text}\u001b[0m` : (_code, text) => text;
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  const level = LEVELS[Number(record.level)] ?? { name: 'LOG', color: '0' };
  return `${paint('2', clockOf(record.time))} ${paint(level.color, level.name.padEnd(5))}  ${bodyOf(record, paint)}\n`;
}

/** A pino destination that writes every record's readable form to `out`. */
export function createPrettyStream(out: TextSink, color: boolean) {
  return {
    write(chunk: string) {
      for (const line of chunk.split('\n')) if (line) out.write(prettyLine(line, color));
    },
  };
}
