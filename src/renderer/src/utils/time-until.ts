/**
 * "in 6 days", "in 3 hours", "in 20 minutes": how long until `iso` (an invitation's expiry), in
 * en-US; "soon" under a minute or once it has passed (the list then drops it on its next read).
 */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 24 * 60 * 60],
  ['hour', 60 * 60],
  ['minute', 60],
];

const format = new Intl.RelativeTimeFormat('en-US', { numeric: 'always' });

export function timeUntil(iso: string, now: Date = new Date()): string {
  const seconds = Math.floor((new Date(iso).getTime() - now.getTime()) / 1000);
  if (!Number.isFinite(seconds) || seconds < 60) return 'soon';
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return format.format(Math.floor(seconds / size), unit);
  }
  return 'soon';
}
