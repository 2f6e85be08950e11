/**
 * When the next daily digest is due: the next time the owner's own clock (an IANA zone) shows the
 * chosen hour, from the zone's offsets as Intl reports them.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The zone's offset from UTC (ms) at an instant. */
function offsetAt(format: Intl.DateTimeFormat, at: number): number {
  const field: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of format.formatToParts(at)) field[part.type] = Number(part.value);
  const wall = Date.UTC(
    field.year ?? 1970,
    (field.month ?? 1) - 1,
    field.day ?? 1,
    field.hour ?? 0,
    field.minute ?? 0,
    field.second ?? 0,
  );
  return wall - Math.floor(at / 1000) * 1000;
}

/**
 * The first instant strictly after `after` at which the zone's clock reads `hour`:00. On a day
 * whose clocks skip that hour (spring forward) it is the instant the hour would have had.
 */
export function nextDigestAt(timeZone: string, hour: number, after: Date): Date {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const now = after.getTime();
  const localDay = Math.floor((now + offsetAt(format, now)) / DAY_MS);
  for (let day = localDay; ; day += 1) {
    const wall = day * DAY_MS + hour * HOUR_MS;
    // The offset in force at the wall time's instant; a second pass settles a DST change between.
    const guess = wall - offsetAt(format, wall);
    const instant = wall - offsetAt(format, guess);
    if (instant > now) return new Date(instant);
  }
}
