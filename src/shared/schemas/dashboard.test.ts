import { describe, expect, test } from 'vitest';
import { isTimeZone } from '../time-zone';
import { TIMESERIES_DAYS_MESSAGE, TIME_ZONE_MESSAGE, timeseriesQuerySchema } from './dashboard';
import { messagesOf } from './test-utils';

describe('timeseries query (GET /api/dashboard/timeseries)', () => {
  test('defaults to the last 30 days in UTC', () => {
    expect(timeseriesQuerySchema.parse({})).toEqual({ days: 30, tz: 'UTC' });
  });

  test('days is a whole number from 1 to 90, written in digits', () => {
    expect(timeseriesQuerySchema.parse({ days: '1' }).days).toBe(1);
    expect(timeseriesQuerySchema.parse({ days: '90' }).days).toBe(90);
    for (const days of ['0', '91', '100', 'abc', '', '-1', '1.5', '1e1', '0x1E', ' 30', ['1', '2']]) {
      expect(messagesOf(timeseriesQuerySchema, { days }), String(days)).toEqual({ days: TIMESERIES_DAYS_MESSAGE });
    }
  });

  test('tz is a time zone name this runtime knows; offsets and made-up names are refused', () => {
    for (const tz of ['UTC', 'Europe/Rome', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5', 'Asia/Calcutta']) {
      expect(timeseriesQuerySchema.parse({ tz }).tz).toBe(tz);
    }
    for (const tz of ['Mars/Base', '', '+01:00', '../../etc/passwd', 'Europe/Rome\n', 'x'.repeat(65), ['UTC']]) {
      expect(messagesOf(timeseriesQuerySchema, { tz }), String(tz)).toEqual({ tz: TIME_ZONE_MESSAGE });
    }
  });

  test('isTimeZone tells a zone from anything else', () => {
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('America/Nowhere')).toBe(false);
  });
});
