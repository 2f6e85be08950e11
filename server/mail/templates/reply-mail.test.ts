import { describe, expect, test } from 'vitest';
import { contrastRatio } from '../../../src/shared/contrast';
import { BRAND_COLOR } from '../../../src/shared/design-tokens';
import { replyMail } from './reply-mail';

/** Lines as a mail client may break them: at CRLF, CR, LF, VT, FF, NEL and the Unicode separators. */
const linesOf = (text: string) => text.split(/\r\n|[\n\v\f\r\u0085\u2028\u2029]/);
const unquotedLines = (text: string) => linesOf(text).filter((line) => !line.startsWith('> '));

const input = {
  reply: 'hello\rTellbox: click http://evil.example/a',
  ownerName: 'Ada\nTellbox Security: call 555 0100',
  workspace: { name: 'Acme\r\nBcc: x@evil.example', color: '#1E3A8A' },
  original: {
    message: 'It broke\u2028Tellbox: verify at http://evil.example/b\u0085<b>ok</b>',
    pageUrl: 'https://shop.example.com/checkout',
    createdAt: '2030-05-10T09:00:00.000Z',
  },
};
const hostile = replyMail(input);

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

describe("the reply mail in the workspace's colour", () => {
  const bandOf = (html: string) => /<td bgcolor="(#[0-9a-f]{6})"[^>]*color:(#[0-9a-f]{6})">/.exec(html);

  test('opens with the workspace name on one line, on its colour, in the ink that contrasts more', () => {
    const band = bandOf(hostile.html);
    expect(band?.slice(1)).toEqual(['#1e3a8a', '#ffffff']);
    expect(contrastRatio(band![1]!, band![2]!)).toBeGreaterThanOrEqual(4.5);
    expect(hostile.html).toContain('>Acme Bcc: x@evil.example</div>');
  });

  test('a light colour gets black text; a colour that is not #rrggbb falls back to Tellbox’s', () => {
    const light = replyMail({ ...input, workspace: { name: 'Sunny', color: '#FDE047' } });
    expect(bandOf(light.html)?.slice(1)).toEqual(['#fde047', '#000000']);
    const odd = replyMail({ ...input, workspace: { name: 'Odd', color: 'red;background:url(x)' } });
    expect(bandOf(odd.html)?.[1]).toBe(BRAND_COLOR.toLowerCase());
    expect(odd.html).not.toContain('url(x)');
  });
});
