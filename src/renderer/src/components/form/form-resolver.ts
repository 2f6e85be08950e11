import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues } from 'react-hook-form';
import { formErrorMap } from '../../../../shared/schemas/form-error-map';
import type { z } from '../../../../shared/schemas';

/**
 * The resolver of every console form: the shared schema's rules, in the console's words
 * (`formErrorMap`: "Name must be at least 2 characters", never zod's generic wording).
 */
export function formResolver<T extends z.ZodType<unknown, FieldValues>>(schema: T) {
  return zodResolver(schema, { error: formErrorMap });
}
