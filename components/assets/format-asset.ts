const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A calendar date (YYYY-MM-DD); dates have no time zone, so they are formatted in UTC to stay the same day. */
export function formatDate(isoDate: string | null): string {
  return isoDate ? dateFormat.format(new Date(`${isoDate}T00:00:00Z`)) : '—';
}

export function formatMoney(amount: string | null, currency: string): string {
  if (amount === null) return '—';
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(Number(amount));
}

export function formatCustomValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}
