import { describe, expect, test } from 'vitest';
import { isLocalSender, onBehalfOf, senderAddressOf } from './sender';

describe('who a mail is from', () => {
  test("MAIL_FROM's address, written with a name or bare", () => {
    expect(senderAddressOf('Tellbox <no-reply@localhost>')).toBe('no-reply@localhost');
    expect(senderAddressOf('"Tellbox, Inc." <hello@acme.example>')).toBe('hello@acme.example');
    expect(senderAddressOf(' hello@acme.example ')).toBe('hello@acme.example');
  });

  test('only an address at localhost counts as the default that needs changing', () => {
    expect(isLocalSender('Tellbox <no-reply@localhost>')).toBe(true);
    expect(isLocalSender('no-reply@LOCALHOST')).toBe(true);
    expect(isLocalSender('a@127.0.0.1')).toBe(true);
    expect(isLocalSender('Tellbox <no-reply@acme.example>')).toBe(false);
    expect(isLocalSender('Tellbox <no-reply@localhost.acme.example>')).toBe(false);
  });

  test('a reply comes from "<workspace> via Tellbox", on one line, at a sane length', () => {
    expect(onBehalfOf('Acme', 'Tellbox <no-reply@acme.example>')).toEqual({
      name: 'Acme via Tellbox',
      address: 'no-reply@acme.example',
    });
    expect(onBehalfOf('Acme\r\nBcc: x@evil.example\u0000\t', 'x@acme.example').name).toBe(
      'Acme Bcc: x@evil.example via Tellbox',
    );
    expect(onBehalfOf('  ', 'x@acme.example').name).toBe('Tellbox');
    const long = onBehalfOf('A'.repeat(200), 'x@acme.example').name;
    expect(long).toBe(`${'A'.repeat(63)}… via Tellbox`);
  });
});
