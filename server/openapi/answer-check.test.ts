import { describe, expect, test } from 'vitest';
import { createAnswerChecker, matchOperation } from './answer-check';
import { createOpenApiDocument } from './document';

const document = createOpenApiDocument();
const check = createAnswerChecker(document);
const JSON_TYPE = 'application/json; charset=utf-8';

const summary = {
  plan: 'free',
  maxVisibleFeedbackPerMonth: 50,
  feedbackScope: 'account',
  hiddenFeedbackCount: 0,
  suggestedPlan: 'pro',
};

describe('matchOperation', () => {
  test('a fixed segment wins over a template one, and the query string is ignored', () => {
    expect(matchOperation(document, 'GET', '/api/feedback/summary?x=1')?.operation.operationId).toBe(
      'getFeedbackSummary',
    );
    const thread = matchOperation(document, 'GET', '/api/feedback/abc');
    expect(thread?.operation.operationId).toBe('getFeedback');
    expect(thread?.params).toEqual({ id: 'abc' });
  });

  test('HEAD is the GET operation unless the path documents its own', () => {
    expect(matchOperation(document, 'HEAD', '/api/widget')?.operation.operationId).toBe('listWidgets');
    expect(matchOperation(document, 'HEAD', '/api/public/widget/k')?.operation.operationId).toBe(
      'headPublicWidgetConfig',
    );
    expect(matchOperation(document, 'PATCH', '/api/widget')).toBeUndefined();
  });
});

describe('createAnswerChecker', () => {
  test('allows a documented answer, and an error the default answer covers', () => {
    const answer = { method: 'GET', path: '/api/feedback/summary', contentType: JSON_TYPE };
    expect(check({ ...answer, status: 200, body: summary })).toBeNull();
    expect(check({ ...answer, status: 500, body: { message: 'Something went wrong' } })).toBeNull();
  });

  test('names the operation and the problem: a body off its schema, an undocumented success, another media type', () => {
    const answer = { method: 'GET', path: '/api/feedback/summary', contentType: JSON_TYPE };
    expect(check({ ...answer, status: 200, body: { ...summary, secret: 'x' } })).toMatch(
      /^getFeedbackSummary \(GET \/api\/feedback\/summary\): the 200 body does not match its schema: body must NOT have additional properties/,
    );
    expect(check({ ...answer, status: 201, body: summary })).toBe(
      'getFeedbackSummary (GET /api/feedback/summary): status 201 is not documented',
    );
    expect(check({ ...answer, status: 200, contentType: 'text/html', body: undefined })).toMatch(
      /came as text\/html; documented: application\/json$/,
    );
    expect(check({ ...answer, status: 400, body: { error: 'x' } })).toMatch(/the 400 body does not match its schema/);
  });

  test('a path no operation documents may only answer the API 404 (or the 401 before it)', () => {
    const answer = { method: 'GET', path: '/api/nope', contentType: JSON_TYPE };
    expect(check({ ...answer, status: 404, body: { message: 'Not found' } })).toBeNull();
    expect(check({ ...answer, status: 401, body: { message: 'Authentication required' } })).toBeNull();
    expect(check({ ...answer, status: 200, body: {} })).toBe(
      'no path of the document matches GET /api/nope, which answered 200',
    );
    expect(check({ ...answer, method: 'DELETE', path: '/api/widget', status: 200, body: {} })).toBe(
      'no operation documents DELETE /api/widget, which answered 200',
    );
  });

  test("Express's own OPTIONS answer on a documented path passes; on an unknown path it does not", () => {
    const options = { method: 'OPTIONS', status: 200, contentType: 'text/html; charset=utf-8', body: undefined };
    expect(check({ ...options, path: '/api/auth/login' })).toBeNull();
    expect(check({ ...options, path: '/api/nope' })).toBe(
      'no path of the document matches OPTIONS /api/nope, which answered 200',
    );
  });

  test('checks only JSON bodies; other documented media types pass on their type', () => {
    const csv = { method: 'GET', path: '/api/feedback/export?format=csv', status: 200, body: undefined };
    expect(check({ ...csv, contentType: 'text/csv; charset=utf-8' })).toBeNull();
    expect(check({ ...csv, contentType: null })).toMatch(/came without a Content-Type/);
  });
});
