import { describe, expect, test } from 'vitest';
import { logFormatFor } from './logger';
import { createPrettyStream, prettyLine } from './pretty-log';

describe('the log format', () => {
  test('readable lines on a terminal; JSON into a pipe, a file, CI or a container', () => {
    expect(logFormatFor({ isTTY: true })).toBe('pretty');
    expect(logFormatFor({ isTTY: false })).toBe('json');
    expect(logFormatFor({})).toBe('json');
    expect(logFormatFor({ isTTY: true }, '/var/log/tellbox.log')).toBe('json');
  });
});

const at = '2030-05-10T09:41:07.000Z';
const line = (record: Record<string, unknown>) => JSON.stringify({ level: 30, time: at, ...record });
/** The text without its clock, which is local time. */
const withoutClock = (text: string) => text.replace(/^\d\d:\d\d:\d\d /, '');

describe('the pretty log', () => {
  test('a mail written to the outbox shows whom it is for and its link on a line of its own', () => {
    const text = prettyLine(
      line({
        msg: 'mail written to outbox',
        to: 'ada@example.com',
        subject: 'Confirm your e-mail address',
        link: 'http://localhost:3000/confirm-email?token=abc',
        file: '/data/outbox/x.eml',
      }),
      false,
    );
    expect(withoutClock(text)).toBe(
      [
        'INFO   ✉ Mail to ada@example.com: Confirm your e-mail address',
        '                → http://localhost:3000/confirm-email?token=abc',
        '                saved as /data/outbox/x.eml',
        '',
      ].join('\n'),
    );
  });

  test('a request is one line; other records list their fields under the message; errors show their stack', () => {
    expect(
      withoutClock(
        prettyLine(
          line({ msg: 'request', method: 'GET', path: '/api/x', status: 404, ms: 1.5, ip: '127.0.0.1' }),
          false,
        ),
      ),
    ).toBe('INFO   GET /api/x 404 1.5 ms ip=127.0.0.1\n');
    expect(
      withoutClock(
        prettyLine(
          line({ msg: 'Tellbox is listening', url: 'http://127.0.0.1:3000', migrations: ['001-a', '002-b'] }),
          false,
        ),
      ),
    ).toBe(
      'INFO   Tellbox is listening\n                url        http://127.0.0.1:3000\n                migrations 001-a, 002-b\n',
    );
    const error = prettyLine(
      JSON.stringify({ level: 50, time: at, msg: 'boom', err: { message: 'bad', stack: 'Error: bad\n    at x.ts:1' } }),
      false,
    );
    expect(withoutClock(error)).toBe('ERROR  boom\n                Error: bad\n                    at x.ts:1\n');
  });

  test('colours only when asked, and a line that is not JSON passes as it is', () => {
    expect(prettyLine(line({ msg: 'hello' }), true)).toContain('\u001b[36mINFO ');
    expect(prettyLine(line({ msg: 'hello' }), false)).not.toContain('\u001b[');
    expect(prettyLine('plain words', false)).toBe('plain words\n');
    const written: string[] = [];
    createPrettyStream({ write: (text) => written.push(text) }, false).write(
      `${line({ msg: 'a' })}\n${line({ msg: 'b' })}\n`,
    );
    expect(written.map(withoutClock)).toEqual(['INFO   a\n', 'INFO   b\n']);
  });
});
