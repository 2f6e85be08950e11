import type { z } from './zod';

/**
 * The first message a schema reports for each path of `value` (`''` for the root): what a form
 * shows under each field.
 */
export function messagesOf(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  const messages: Record<string, string> = {};
  if (result.success) return messages;
  for (const issue of result.error.issues) messages[issue.path.join('.')] ??= issue.message;
  return messages;
}
