import { describe, expect, test } from 'vitest';
import { decodeOwnerMessage } from './owner-messages';

describe('decodeOwnerMessage (what another instance sent through Redis)', () => {
  test('reads feedback and installations, keeping only their fields', () => {
    expect(decodeOwnerMessage({ kind: 'feedback', feedbackId: 'f1', extra: 1 })).toEqual({
      kind: 'feedback',
      feedbackId: 'f1',
    });
    expect(decodeOwnerMessage({ kind: 'installation', widgetId: 'w1', host: 'shop.example.com', x: 2 })).toEqual({
      kind: 'installation',
      widgetId: 'w1',
      host: 'shop.example.com',
    });
  });

  test('a feedback without a kind (an instance of the previous version) still counts', () => {
    expect(decodeOwnerMessage({ feedbackId: 'f1' })).toEqual({ kind: 'feedback', feedbackId: 'f1' });
  });

  test('anything else is dropped', () => {
    for (const value of [
      null,
      'f1',
      [],
      { kind: 'installation', widgetId: 'w1' },
      { kind: 'installation', widgetId: 'w1', host: 7 },
      { kind: 'feedback' },
      { kind: 'other', feedbackId: 'f1' },
      { feedbackId: 3 },
    ]) {
      expect(decodeOwnerMessage(value), JSON.stringify(value)).toBeUndefined();
    }
  });
});
