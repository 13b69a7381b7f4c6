import { describe, expect, it } from 'vitest';
import { instantToLocalDateTime, knownTimeZone, localDateTimeToInstant } from '@/lib/platform/validation/local-date-time';

describe('localDateTimeToInstant', () => {
  it('reads a wall-clock time in the zone of its own date, summer and winter', () => {
    expect(localDateTimeToInstant('2026-07-01', '17:00', 'Europe/Berlin')).toBe('2026-07-01T15:00:00.000Z');
    expect(localDateTimeToInstant('2026-11-28', '17:00', 'Europe/Berlin')).toBe('2026-11-28T16:00:00.000Z');
    expect(localDateTimeToInstant('2026-11-28', '09:30', 'America/New_York')).toBe('2026-11-28T14:30:00.000Z');
    expect(localDateTimeToInstant('2026-11-28', '00:15', 'UTC')).toBe('2026-11-28T00:15:00.000Z');
  });

  it('refuses a day or a time that is not one, and reads an unknown zone as UTC', () => {
    expect(localDateTimeToInstant('2026-02-30', '10:00', 'UTC')).toBeNull();
    expect(localDateTimeToInstant('2026-11-28', '24:00', 'UTC')).toBeNull();
    expect(localDateTimeToInstant('', '10:00', 'UTC')).toBeNull();
    expect(localDateTimeToInstant('2026-11-28', '10', 'UTC')).toBeNull();
    expect(knownTimeZone('Mars/Olympus')).toBe('UTC');
    expect(localDateTimeToInstant('2026-11-28', '10:00', 'Mars/Olympus')).toBe('2026-11-28T10:00:00.000Z');
  });

  it('turns an instant back into the day and time of a zone', () => {
    expect(instantToLocalDateTime('2026-07-01T15:00:00.000Z', 'Europe/Berlin')).toEqual({ date: '2026-07-01', time: '17:00' });
    expect(instantToLocalDateTime('2026-11-28T23:30:00.000Z', 'Europe/Berlin')).toEqual({ date: '2026-11-29', time: '00:30' });
  });
});
