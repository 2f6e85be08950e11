import { describe, expect, test } from 'vitest';
import { feedbackRoute } from './notification-route';
import { pathAfterSetup } from './next-path';

describe('feedbackRoute (what a notification click may open)', () => {
  test.each(['/feedback', '/feedback?widget=abc_DEF-123', '/feedback?widget=w%2D1'])('opens %s', (route) => {
    expect(feedbackRoute(route)).toBe(route);
  });

  test.each([
    'https://evil.example',
    'https://evil.example/feedback?widget=1',
    '//evil.example/feedback',
    'javascript:alert(1)',
    'app://tellbox/feedback',
    '/settings',
    '/',
    '/feedback/../settings',
    '/feedbacks',
    '/feedback#x',
    '/feedback?widget=<img src=x>',
    ' /feedback',
    '/feedback?widget=a b',
    `/feedback?widget=${'a'.repeat(300)}`,
    '',
  ])('refuses %s', (route) => {
    expect(feedbackRoute(route)).toBeNull();
  });

  test.each([null, undefined, 42, { url: '/feedback' }])('refuses a payload that is not a string (%s)', (route) => {
    expect(feedbackRoute(route)).toBeNull();
  });
});

describe('pathAfterSetup (where the server screen continues to)', () => {
  test('where the owner was going, when it is an internal screen', () => {
    expect(pathAfterSetup({ from: '/feedback?widget=w1' })).toBe('/feedback?widget=w1');
  });

  test.each([null, {}, { from: '/' }, { from: '/setup-server' }, { from: '//evil.example' }, { from: 'https://x' }])(
    'the login otherwise (%j)',
    (state) => {
      expect(pathAfterSetup(state)).toBe('/login');
    },
  );
});
