/**
 * The renderer's only reader of `import.meta.env` (conventions §3 item 7). zod/mini keeps this
 * out of the landing page's byte budget; the form schemas load with the screens that use them.
 */
import * as z from 'zod/mini';

const envSchema = z.object({
  VITE_API_URL: z._default(z.string().check(z.minLength(1)), '/api'),
});

function loadEnv() {
  const parsed = envSchema.safeParse(import.meta.env);
  if (!parsed.success) {
    const names = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
    throw new Error(`Invalid renderer configuration: ${names}`);
  }
  return { apiUrl: parsed.data.VITE_API_URL.replace(/\/$/, '') };
}

export const env = loadEnv();
