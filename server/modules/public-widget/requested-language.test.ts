import { describe, expect, test } from 'vitest';
import { requestedLanguage } from './requested-language';

const path = '/api/public/widget/KEY';

describe('requestedLanguage', () => {
  test.each([
    [`${path}?lang=it`, 'it'],
    [`${path}?lang=it-IT`, 'it'],
    [`${path}?lang=IT`, 'it'],
    [`${path}?lang=de_CH`, 'de'],
    [`${path}?v=3&lang=fr&x=1`, 'fr'],
    [`${path}?lang=es&lang=de`, 'es'],
    [`${path}?lang=it%2DIT`, 'it'],
  ])('%s speaks %s', (url, language) => {
    expect(requestedLanguage(url)).toBe(language);
  });

  test.each([
    path,
    `${path}?`,
    `${path}?lang=`,
    `${path}?lang=xx`,
    `${path}?lang=%ff`,
    `${path}?lang=${'i'.repeat(10_000)}`,
    `${path}?lang=itx`,
    `${path}?xlang=it`,
    `${path}?a=lang=it`,
    `${path}?language=it`,
  ])('%s speaks English', (url) => {
    expect(requestedLanguage(url)).toBe('en');
  });
});
