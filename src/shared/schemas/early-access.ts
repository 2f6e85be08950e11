import { MAX_EARLY_ACCESS_EMAIL_LENGTH } from '../limits';
import { z } from './zod';

/** The early-access form on `/rebrand` and `POST /api/public/rebrand-submit` (Italian messages: docs/product.md §5). */
export const earlyAccessInputSchema = z.strictObject({
  email: z
    .string("Inserisci un'email valida")
    .trim()
    .max(MAX_EARLY_ACCESS_EMAIL_LENGTH, 'Email troppo lunga')
    .toLowerCase()
    .pipe(z.email("Inserisci un'email valida")),
});
export type EarlyAccessInput = z.infer<typeof earlyAccessInputSchema>;
