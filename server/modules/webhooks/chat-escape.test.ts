import { describe, expect, test } from 'vitest';
import { escapeDiscordText, escapeSlackText, fitText, plainDiscordText } from './chat-escape';

const ZWSP = '\u200B';

/** What Discord's markdown sees once every backslash escape (`\x`) is read as a plain character. */
function discordUnescapedMarkup(text: string): string {
  return text.replace(/\\./gs, '');
}

describe('Slack escaping', () => {
  test('<!channel>, <!here>, <@U123> and <url|label> arrive as text', () => {
    const text = escapeSlackText('<!channel> <!here> hi <@U123>, see <http://evil.example|Click> & <!subteam^S1>');
    expect(text).toBe(
      '&lt;!channel&gt; &lt;!here&gt; hi &lt;@U123&gt;, see &lt;http://evil.example|Click&gt; &amp; &lt;!subteam^S1&gt;',
    );
    expect(text).not.toMatch(/[<>]/);
  });

  test('bare @channel, @here and @everyone notify no one but still read the same', () => {
    const text = escapeSlackText('@channel @HERE and @everyone! but not @hereafter');
    expect(text).toBe(`@${ZWSP}channel @${ZWSP}HERE and @${ZWSP}everyone! but not @hereafter`);
    expect(text.replaceAll(ZWSP, '')).toBe('@channel @HERE and @everyone! but not @hereafter');
  });

  test('web addresses keep linking: & is an entity, an @ inside is percent-encoded', () => {
    expect(escapeSlackText('see https://a.example/@here?x=1&y=2.')).toBe('see https://a.example/%40here?x=1&amp;y=2.');
  });

  test('bidirectional overrides and control characters are dropped; tabs and newlines stay', () => {
    expect(escapeSlackText('a\u202Eb\u2066c\u0007d\r\n\te')).toBe('abcd\n\te');
  });
});

describe('Discord escaping', () => {
  test('@everyone, @here and <@…>, <@&…>, <#…> mentions arrive as text', () => {
    const text = escapeDiscordText('@everyone @here <@123> <@&456> <#789> <t:1700000000>');
    expect(text).toBe(`@${ZWSP}everyone @${ZWSP}here \\<@123\\> \\<@&456\\> \\<\\#789\\> \\<t:1700000000\\>`);
    expect(discordUnescapedMarkup(text)).not.toMatch(/[<>]|@everyone|@here/);
  });

  test('[Click](https://evil) cannot become a masked link', () => {
    const text = escapeDiscordText('[Click](https://evil.example/login)');
    expect(text).toBe('\\[Click\\]\\(https://evil.example/login\\)');
    expect(discordUnescapedMarkup(text)).not.toMatch(/[[\]()]/);
  });

  test('no hostile mix leaves a bracket, parenthesis or angle bracket unescaped', () => {
    const hostile = [
      '[https://good.example](https://evil.example)',
      '[x](<https://evil.example>)',
      'https://a.example/[x](https://evil.example)',
      '\\[Click](https://evil.example)',
      '||[spoiler](https://evil.example)|| `[code](x)` **[b](x)**',
    ];
    for (const text of hostile) {
      expect(discordUnescapedMarkup(escapeDiscordText(text)), text).not.toMatch(/[[\]()<>]/);
    }
  });

  test('markdown shows as typed: emphasis, headings, lists, quotes, code, spoilers', () => {
    expect(escapeDiscordText('# *a* _b_ ~~c~~ `d` ||e|| > f - g \\')).toBe(
      '\\# \\*a\\* \\_b\\_ \\~\\~c\\~\\~ \\`d\\` \\|\\|e\\|\\| \\> f \\- g \\\\',
    );
  });

  test('web addresses keep linking to the same page, without closing punctuation', () => {
    expect(escapeDiscordText('(see https://a.example/some_page?q=a-b).')).toBe(
      '\\(see https://a.example/some_page?q=a-b\\).',
    );
    expect(escapeDiscordText('https://en.example/wiki/Foo_(bar)')).toBe('https://en.example/wiki/Foo_%28bar%29');
    expect(escapeDiscordText('(https://en.example/wiki/Foo_(bar))')).toBe(
      '\\(https://en.example/wiki/Foo_%28bar%29\\)',
    );
  });

  test('titles lose mentions and hidden controls but keep their characters', () => {
    expect(plainDiscordText('Docs [beta] @everyone\u202E')).toBe(`Docs [beta] @${ZWSP}everyone`);
  });
});

describe('fitting a limit', () => {
  test('short text is only escaped', () => {
    expect(fitText('a & b', 10, escapeSlackText)).toBe('a &amp; b');
  });

  test('long text is cut to the limit with an ellipsis, never inside an escape', () => {
    const text = fitText('&'.repeat(1000), 3000, escapeSlackText);
    expect(text.length).toBeLessThanOrEqual(3000);
    expect(text.endsWith('&amp;…')).toBe(true);
    expect(text.slice(0, -1).replaceAll('&amp;', '')).toBe('');
  });

  test('a cut never splits an emoji', () => {
    const text = fitText('😀'.repeat(100), 51);
    expect(text).toBe(`${'😀'.repeat(25)}…`);
    expect(text).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  test('escaping that grows the text is counted', () => {
    const text = fitText('['.repeat(3000), 1024, escapeDiscordText);
    expect(text.length).toBeLessThanOrEqual(1024);
    expect(text).toBe(`${'\\['.repeat(511)}…`);
  });
});
