/**
 * Whether a name is a time zone this runtime knows. Apart from the schemas that use it, so the
 * browser can check its own zone without loading zod with the dashboard.
 */

/** Letters first, then what IANA names use: rules out offsets (`+01:00`) that Intl also accepts. */
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

/** Whether this runtime's Intl knows `name` as a time zone (`UTC` and IANA aliases included). */
export function isTimeZone(name: string): boolean {
  if (!IANA_NAME.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
