import { describe, expect, test } from 'vitest';
import type { FeedbackCreatedData } from '../../../src/shared/api';
import { buildTestPayload, buildWebhookPayload, isPayloadOf } from './payloads';

const at = new Date('2026-03-04T05:06:07.089Z');

const feedback: FeedbackCreatedData = {
  id: 'f1',
  widgetId: 'w1',
  widgetName: 'Docs',
  message: 'The search box is hard to find.',
  pageUrl: 'https://docs.example/start',
  authorName: null,
  createdAt: '2026-03-04T05:06:00.000Z',
  url: 'https://tellbox.example/feedback?widget=w1',
};

describe('webhook payloads', () => {
  test('a delivery body is { type, timestamp, data } with an ISO timestamp', () => {
    const body = JSON.stringify(buildWebhookPayload('feedback.created', feedback, at));
    expect(body).toBe(
      `{"type":"feedback.created","timestamp":"2026-03-04T05:06:07.089Z","data":${JSON.stringify(feedback)}}`,
    );
  });

  test('the test event is feedback-shaped, typed webhook.test, and says it is a test', () => {
    const payload = buildTestPayload(at, 'https://tellbox.example');
    expect(payload.type).toBe('webhook.test');
    expect(payload.timestamp).toBe(at.toISOString());
    expect(payload.data).toMatchObject({ createdAt: at.toISOString(), url: 'https://tellbox.example/feedback' });
    expect(payload.data.message).toMatch(/test event from Tellbox/);
    expect(Object.keys(payload.data).sort()).toEqual(Object.keys(feedback).sort());
  });

  test('without the server address the test event still carries absolute addresses', () => {
    expect(buildTestPayload(at).data.url).toBe('https://example.com/feedback');
  });

  test('a stored payload narrows by its type', () => {
    const stored = JSON.parse(JSON.stringify(buildTestPayload(at))) as ReturnType<typeof buildTestPayload>;
    expect(isPayloadOf(stored, 'webhook.test')).toBe(true);
    expect(isPayloadOf(stored, 'feedback.created')).toBe(false);
  });
});
