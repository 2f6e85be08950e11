import { describe, expect, test } from 'vitest';
import { attachmentName } from './save-file';

describe('the name of a downloaded file', () => {
  test('is the one the server gives, plain or encoded', () => {
    expect(attachmentName('attachment; filename="tellbox-feedback-2026-11-24.csv"')).toBe(
      'tellbox-feedback-2026-11-24.csv',
    );
    expect(attachmentName('attachment; filename="x.csv"; filename*=UTF-8\'\'r%C3%BCckmeldung.csv')).toBe(
      'rückmeldung.csv',
    );
  });

  test('is none without one (the caller names the file)', () => {
    expect(attachmentName(null)).toBeNull();
    expect(attachmentName('attachment')).toBeNull();
    expect(attachmentName("attachment; filename*=UTF-8''%E0%A4%A")).toBeNull();
  });
});
