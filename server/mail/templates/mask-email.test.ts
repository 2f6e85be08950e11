import { describe, expect, test } from 'vitest';
import { maskEmail } from './mask-email';

describe('maskEmail', () => {
  test('keeps the first letters and a short top-level domain only', () => {
    expect(maskEmail('ada.lovelace@example.com')).toBe('a•••@e•••.com');
    expect(maskEmail('bob@mail.example.co.uk')).toBe('b•••@m•••.uk');
  });

  test('drops a long top-level domain, which could spell out a word', () => {
    expect(maskEmail('security-team@refund.yourcardwascharged')).toBe('s•••@r•••');
  });

  test('never shows more than a few characters of what was typed', () => {
    const typed = 'call-555-0100-now.to.dispute.the.charge@evil-refund.example';
    const masked = maskEmail(typed);
    expect(masked).toBe('c•••@e•••');
    expect(masked.replace(/[•@.]/g, '').length).toBeLessThanOrEqual(2 + 6);
  });
});
