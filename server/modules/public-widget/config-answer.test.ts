import { describe, expect, test } from 'vitest';
import { COMPRESS_ABOVE_BYTES } from '../../lib/content-negotiation';
import { createLocalisedAnswers, encodeConfigAnswers } from './config-answer';

describe('encodeConfigAnswers', () => {
  test('a small body is sent as it is, since compressing it would save nothing worth the cost', () => {
    const answers = encodeConfigAnswers(JSON.stringify({ text: 'x'.repeat(COMPRESS_ABOVE_BYTES - 20) }));
    expect(answers.codings).toEqual([]);
    expect(answers.br).toBeUndefined();
  });

  test('a larger one gets brotli and gzip, each with its own ETag', () => {
    const answers = encodeConfigAnswers(JSON.stringify({ text: 'words '.repeat(400) }));
    expect(answers.codings).toEqual(['br', 'gzip']);
    expect(new Set([answers.identity.etag, answers.br?.etag, answers.gzip?.etag]).size).toBe(3);
  });
});

describe('createLocalisedAnswers', () => {
  test("each language's answer is made on its first request only, with its own ETag", () => {
    const made: string[] = [];
    const answers = createLocalisedAnswers((language) => {
      made.push(language);
      return JSON.stringify({ lang: language });
    });
    expect(made).toEqual([]);
    const italian = answers.in('it');
    expect(answers.in('it')).toBe(italian);
    expect(answers.in('en').identity.etag).not.toBe(italian.identity.etag);
    expect(made).toEqual(['it', 'en']);
  });
});
