import { emailField, personNameField } from './fields';
import { z } from './zod';

export const CONTACT_SUBJECTS = ['general', 'support', 'billing', 'feature', 'bug'] as const;
export const TICKET_SUBJECTS = ['technical', 'billing', 'account', 'widget', 'integration', 'other'] as const;
export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;

/** The contact form schema (docs/product.md §3, §5); no screen renders it yet. */
export const contactFormSchema = z.strictObject({
  name: personNameField('Name must be at least 2 characters'),
  email: emailField(),
  subject: z.enum(CONTACT_SUBJECTS),
  message: z.string().trim().min(10, 'Message must be at least 10 characters').max(5000),
});
export type ContactFormInput = z.infer<typeof contactFormSchema>;

/** The support ticket schema (docs/product.md §3, §5); no screen renders it yet. */
export const supportTicketSchema = z.strictObject({
  subject: z.enum(TICKET_SUBJECTS),
  priority: z.enum(TICKET_PRIORITIES),
  message: z.string().trim().min(20, 'Please provide detailed information about your issue').max(5000),
});
export type SupportTicketInput = z.infer<typeof supportTicketSchema>;
