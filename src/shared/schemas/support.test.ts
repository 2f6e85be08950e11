import { describe, expect, test } from 'vitest';
import { contactFormSchema, supportTicketSchema } from './support';
import { messagesOf } from './test-utils';

describe('contact and support ticket schemas (docs/product.md §5)', () => {
  test('the contact schema uses the documented messages', () => {
    expect(messagesOf(contactFormSchema, { name: 'A', email: 'x', subject: 'general', message: 'short' })).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Invalid email',
      message: 'Message must be at least 10 characters',
    });
  });

  test('a ticket asks for detail below 20 characters', () => {
    expect(messagesOf(supportTicketSchema, { subject: 'billing', priority: 'high', message: 'broken' })).toEqual({
      message: 'Please provide detailed information about your issue',
    });
  });
});
