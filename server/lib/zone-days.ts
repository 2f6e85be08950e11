/**
 * Calendar days in a time zone, for counting stored instants by the day they fell on there.
 * SQLite knows no time zones, so the zone's UTC offsets over the days are read here from Intl,
 * and a query adds the one in force to each timestamp (db/local-day.ts): the local date of an
 * instant is its UTC time plus its offset, whatever DST does around it. Both engines then count
 * by the same rule and the same zone data.
 */

const DAY_S = 86_400;
/** Every zone's offset lies within −12 h … +14 h: a margin past that bounds a local day's instants. */
const MARGIN_S = 15 * 3600;

/** A UTC offset in force from `since` (an ISO instant) until the next span's. */
export interface OffsetSpan {
  since: string;
  /** Seconds east of UTC. */
  seconds: number;
}

export interface ZoneDays {
  /** `YYYY-MM-DD`, oldest first, today (in the zone) last. */
  dates: string[];
  /** Days since 1970-01-01 of `dates[0]`: the number db/local-day.ts gives an instant of that day. */
  firstDay: number;
  /** No instant before this (ISO) falls on one of the days. */
  from: string;
  /** No instant from this one on (ISO) falls on one of the days. */
  to: string;
  /** The offsets in force over [from, to), oldest first; the first span starts at `from`. */
  offsets: OffsetSpan[];
}

const isoOf = (seconds: number) => new Date(seconds * 1000).toISOString();

/** The zone's offset (seconds east of UTC) at an instant (whole seconds since the epoch). */
function offsetReader(timeZone: string): (at: number) => number {
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
  return (at) => {
    const field: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
    for (const part of format.formatToParts(at * 1000)) field[part.type] = Number(part.value);
    const wall = Date.UTC(
      field.year ?? 1970,
      (field.month ?? 1) - 1,
      field.day ?? 1,
      field.hour ?? 0,
      field.minute ?? 0,
      field.second ?? 0,
    );
    return wall / 1000 - at;
  };
}

/**
 * The offsets over [lo, hi], each change found to the second. Sampled a day apart: a zone changes
 * its offset a few times a year, never twice within a day and back.
 */
function offsetSpans(offsetAt: (at: number) => number, lo: number, hi: number) {
  const spans = [{ since: lo, seconds: offsetAt(lo) }];
  let checked = lo;
  while (checked < hi) {
    const current = spans[spans.length - 1] as { since: number; seconds: number };
    const next = Math.min(checked + DAY_S, hi);
    if (offsetAt(next) === current.seconds) {
      checked = next;
      continue;
    }
    let before = checked;
    let after = next;
    while (after - before > 1) {
      const middle = Math.floor((before + after) / 2);
      if (offsetAt(middle) === current.seconds) before = middle;
      else after = middle;
    }
    spans.push({ since: after, seconds: offsetAt(after) });
    checked = after;
  }
  return spans;
}

/** The last `count` calendar days in `timeZone`, today included, and how to count instants by them. */
export function zoneDays(timeZone: string, now: Date, count: number): ZoneDays {
  const offsetAt = offsetReader(timeZone);
  const nowS = Math.floor(now.getTime() / 1000);
  const today = Math.floor((nowS + offsetAt(nowS)) / DAY_S);
  const firstDay = today - count + 1;
  // Wall-clock times (as if UTC) of the first day's start and of tomorrow's.
  const wallFrom = firstDay * DAY_S;
  const wallTo = (today + 1) * DAY_S;
  const spans = offsetSpans(offsetAt, wallFrom - MARGIN_S, wallTo + MARGIN_S);
  const endOf = (index: number) => spans[index + 1]?.since ?? wallTo + MARGIN_S;

  // Within a span the wall clock runs with time, so its first instant reading wallFrom or later is
  // one subtraction; across spans (a clock set back over midnight) the earliest such instant bounds
  // the window below, and the latest instant still reading before tomorrow bounds it above.
  let from = Infinity;
  let to = -Infinity;
  spans.forEach((span, index) => {
    const start = Math.max(span.since, wallFrom - span.seconds);
    if (start < endOf(index)) from = Math.min(from, start);
    const end = Math.min(endOf(index), wallTo - span.seconds);
    if (end > span.since) to = Math.max(to, end);
  });

  const inWindow = spans.filter((span, index) => span.since < to && endOf(index) > from);
  return {
    dates: Array.from({ length: count }, (_, index) => isoOf((firstDay + index) * DAY_S).slice(0, 10)),
    firstDay,
    from: isoOf(from),
    to: isoOf(to),
    offsets: inWindow.map((span) => ({ since: isoOf(Math.max(span.since, from)), seconds: span.seconds })),
  };
}
