/**
 * The building blocks of every answer's schema (docs/api-conventions.md, "Base path and formats"):
 * string ids, ISO-8601 UTC times, and the one error body. The server's OpenAPI document and the
 * wire types of `src/shared/api.ts` are both made from these schemas.
 */
import { z } from '../zod';

/** A resource's id, a UUID as the server makes them; looked up as given, never parsed. */
export const idSchema = z.string().min(1);

/** A time as the server writes it, e.g. `2030-03-10T09:15:02.000Z`. */
export const isoTimeSchema = z.iso.datetime();

/** Every error body. Validation errors add one entry per problem. */
export const apiErrorSchema = z
  .strictObject({
    message: z.string(),
    issues: z
      .array(
        z.strictObject({
          /** The field's path joined with dots; `""` for the body itself. */
          path: z.string(),
          message: z.string(),
        }),
      )
      .optional(),
  })
  .meta({ id: 'ApiError', description: 'Every error answer: `issues` only on validation errors.' });

/** An action with no resource to return: sign-up, logout, e-mail links, deletions, queued work. */
export const messageResponseSchema = z.strictObject({ message: z.string() }).meta({ id: 'MessageResponse' });
