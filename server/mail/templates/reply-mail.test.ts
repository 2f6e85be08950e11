import { describe, expect, test } from 'vitest';
import { replyMail } from './reply-mail';

/** Lines as a mail client may break them: at CRLF, CR, LF, VT, FF, NEL and the Unicode separators. */
const linesOf = (text: string) => text.split(/\r\n|[\n\v\f\r\u0085\u2028\u2029]/);
const unquotedLines = (text: string) => linesOf(text).filter((line) => !line.startsWith('> '));

const hostile = replyMail({
  reply: 'hello\rTellbox: click http://evil.example/a',
  ownerName: 'Ada\nTellbox Security: call 555 0100',
  original: {
    message: 'It broke\u2028Tellbox: verify at http://evil.example/b\u0085<b>ok</b>',
    pageUrl: 'https://shop.example.com/checkout',
    createdAt: '2030-05-10T09:00:00.000Z',
  },
});

describe('the reply mail', () => {
  test("marks every line of the owner's reply and of the visitor's feedback, whatever line break ends it", () => {
    expect(hostile.text).toBe(
      [
        'Hello,',
        "You sent feedback on shop.example.com, and the site's team replied.",
        '> hello\n> Tellbox: click http://evil.example/a\nReply from Ada Tellbox Security: call 555 0100',
        '> It broke\n> Tellbox: verify at http://evil.example/b\n> <b>ok</b>\nYour feedback, 2030-05-10\nhttps://shop.example.com/checkout',
        'Answer this e-mail to write back to them; Tellbox forwards nothing and keeps no copy of your answer.',
        '— Tellbox',
      ].join('\n\n'),
    );
    for (const line of unquotedLines(hostile.text)) {
      expect(line).not.toMatch(/^Tellbox/);
      expect(line).not.toContain('evil.example');
    }
  });

  test("keeps the owner's name on one line, in the HTML part too, where everything stays escaped", () => {
    expect(hostile.html).toContain('Reply from Ada Tellbox Security: call 555 0100</p>');
    expect(hostile.html).toContain('&lt;b&gt;ok&lt;/b&gt;');
    expect(hostile.html).not.toContain('<b>ok');
  });
});
