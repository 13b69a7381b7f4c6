/** A stored instant as the value of an <input type="date">: the day the screens show it on (UTC, see record-form-fields.ts). */
export function dayValue(instant: string | null | undefined): string {
  return instant ? instant.slice(0, 10) : '';
}

/** Today as an <input type="date"> value, for a new record's default. */
export function today(now: Date): string {
  return now.toISOString().slice(0, 10);
}
