/**
 * The renderer's only reader of `import.meta.env`. Plain code rather than a schema: every page
 * loads this file, and a schema library would cost the landing page a tenth of its byte budget
 * for one optional string.
 */
function apiUrl(value: unknown): string {
  if (value === undefined) return '/api';
  if (typeof value !== 'string' || value.length === 0) {
    throw new Error('Invalid renderer configuration: VITE_API_URL');
  }
  return value.replace(/\/$/, '');
}

export const env = { apiUrl: apiUrl(import.meta.env.VITE_API_URL) };
