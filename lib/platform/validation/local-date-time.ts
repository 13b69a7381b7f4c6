const partsFormats = new Map<string, Intl.DateTimeFormat>();

function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    partsFormats.set(timeZone, format);
  }
  return format;
}

/** How far the zone's wall clock is ahead of UTC at this instant, in milliseconds. */
function zoneOffset(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(partsFormat(timeZone).formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** Whether the browser's zone name is one Intl knows; an unknown one is read as UTC. */
export function knownTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return 'UTC';
  try {
    partsFormat(timeZone);
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/**
 * A day and a wall-clock time a person typed, read in their own time zone, as the instant the API takes
 * ("2026-11-28T16:00:00.000Z"). The browser sends its zone's name, not an offset, so a date across a change of
 * summer time is read with the offset of that date. Null when the day or the time is not one.
 */
export function localDateTimeToInstant(date: string, time: string, timeZone: string): string | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const clock = /^(\d{2}):(\d{2})$/.exec(time);
  if (!day || !clock) return null;
  const [year, month, dayOfMonth, hour, minute] = [Number(day[1]), Number(day[2]), Number(day[3]), Number(clock[1]), Number(clock[2])];
  if (hour > 23 || minute > 59) return null;
  const wall = Date.UTC(year, month - 1, dayOfMonth, hour, minute);
  const check = new Date(wall);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== dayOfMonth) return null;
  const zone = knownTimeZone(timeZone);
  let instant = wall - zoneOffset(wall, zone);
  instant = wall - zoneOffset(instant, zone);
  return new Date(instant).toISOString();
}

/** An instant as the day and wall-clock time of a zone, to fill a form's date and time fields. */
export function instantToLocalDateTime(iso: string, timeZone: string): { date: string; time: string } {
  const parts = Object.fromEntries(partsFormat(knownTimeZone(timeZone)).formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}
