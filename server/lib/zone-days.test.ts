import { describe, expect, test } from 'vitest';
import { zoneDays, type ZoneDays } from './zone-days';

const DAY_S = 86_400;

/** The calendar day (days since 1970-01-01) Intl says an instant falls on in `timeZone`. */
function intlDay(timeZone: string) {
  const format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' });
  return (at: number) => {
    const field: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
    for (const part of format.formatToParts(at * 1000)) field[part.type] = Number(part.value);
    return Date.UTC(field.year ?? 0, (field.month ?? 1) - 1, field.day ?? 1) / 1000 / DAY_S;
  };
}

const seconds = (iso: string) => Date.parse(iso) / 1000;

/** The day a query would count an instant on: its UTC time plus the offset of its span (db/local-day.ts). */
function countedDay(days: ZoneDays, at: number): number {
  const span = days.offsets.filter((candidate) => seconds(candidate.since) <= at).at(-1);
  if (!span) throw new Error('instant before the first span');
  return Math.floor((at + span.seconds) / DAY_S);
}

describe('zoneDays', () => {
  test('UTC: the days end today; the window is their midnights; one offset', () => {
    const days = zoneDays('UTC', new Date('2030-03-10T23:59:59.999Z'), 3);
    expect(days.dates).toEqual(['2030-03-08', '2030-03-09', '2030-03-10']);
    expect(days.firstDay).toBe(seconds('2030-03-08T00:00:00Z') / DAY_S);
    expect([days.from, days.to]).toEqual(['2030-03-08T00:00:00.000Z', '2030-03-11T00:00:00.000Z']);
    expect(days.offsets).toEqual([{ since: '2030-03-08T00:00:00.000Z', seconds: 0 }]);
  });

  test("New York's spring-forward day is 23 hours long; its offset changes at 2 a.m. local", () => {
    // 03:30 UTC on the 11th is still the 10th in New York.
    const days = zoneDays('America/New_York', new Date('2030-03-11T03:30:00Z'), 2);
    expect(days.dates).toEqual(['2030-03-09', '2030-03-10']);
    expect(days.from).toBe('2030-03-09T05:00:00.000Z');
    expect(days.to).toBe('2030-03-11T04:00:00.000Z');
    expect(days.offsets).toEqual([
      { since: '2030-03-09T05:00:00.000Z', seconds: -5 * 3600 },
      { since: '2030-03-10T07:00:00.000Z', seconds: -4 * 3600 },
    ]);
  });

  test('Santiago sets its clocks at midnight: a day that starts at 01:00, and one with 23:00 twice', () => {
    // Saturday 24:00 at −04 becomes Sunday 01:00 at −03: the Sunday starts at that instant.
    const skipped = zoneDays('America/Santiago', new Date('2030-09-08T12:00:00Z'), 1);
    expect(skipped.dates).toEqual(['2030-09-08']);
    expect([skipped.from, skipped.to]).toEqual(['2030-09-08T04:00:00.000Z', '2030-09-09T03:00:00.000Z']);
    // Saturday 24:00 at −03 becomes Saturday 23:00 at −04: that Saturday lasts 25 hours.
    const repeated = zoneDays('America/Santiago', new Date('2030-04-06T12:00:00Z'), 1);
    expect(repeated.dates).toEqual(['2030-04-06']);
    expect([repeated.from, repeated.to]).toEqual(['2030-04-06T03:00:00.000Z', '2030-04-07T04:00:00.000Z']);
  });

  // Clocks changed at 2 a.m., at midnight both ways, by half an hour; quarter-hour and extreme offsets.
  const zones = [
    'America/New_York',
    'America/Santiago',
    'America/Havana',
    'Africa/Cairo',
    'Asia/Beirut',
    'Australia/Lord_Howe',
    'Asia/Kathmandu',
    'Pacific/Chatham',
    'Pacific/Kiritimati',
    'Etc/GMT+12',
  ];
  for (const zone of zones) {
    test(`${zone}: every instant is counted on the day Intl gives it, across DST changes, and none outside the window`, () => {
      for (const now of ['2030-04-20T12:00:00Z', '2030-11-20T12:00:00Z']) {
        const days = zoneDays(zone, new Date(now), 90);
        expect(days.dates).toHaveLength(90);
        const dayOf = intlDay(zone);
        const lastDay = days.firstDay + days.dates.length - 1;
        expect(days.dates.at(-1)).toBe(new Date(lastDay * DAY_S * 1000).toISOString().slice(0, 10));
        expect(dayOf(seconds(now))).toBe(lastDay);
        const from = seconds(days.from);
        const to = seconds(days.to);
        const instants = [from - 1, from, to - 1, to];
        // Every 15 minutes: zones change their offset on a quarter hour.
        for (let at = from - 2 * DAY_S; at < to + 2 * DAY_S; at += 900) instants.push(at);
        for (const at of instants) {
          const day = dayOf(at);
          const counted = day >= days.firstDay && day <= lastDay;
          if (counted) expect(at >= from && at < to, `${zone} ${new Date(at * 1000).toISOString()}`).toBe(true);
          if (at >= from && at < to)
            expect(countedDay(days, at), `${zone} ${new Date(at * 1000).toISOString()}`).toBe(day);
        }
      }
    });
  }
});
