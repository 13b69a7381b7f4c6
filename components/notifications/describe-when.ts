import { formatDate } from '@/lib/platform/format/dates';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** When a notification came, in words: "just now", "5 minutes ago", "3 hours ago", "yesterday", "2 days ago", then the day. */
export function describeWhen(at: string | Date, now: Date): string {
  const elapsed = now.getTime() - new Date(at).getTime();
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) {
    const minutes = Math.floor(elapsed / MINUTE);
    return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
  }
  if (elapsed < DAY) {
    const hours = Math.floor(elapsed / HOUR);
    return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  }
  if (elapsed < 2 * DAY) return 'yesterday';
  if (elapsed < 7 * DAY) return `${Math.floor(elapsed / DAY)} days ago`;
  return `on ${formatDate(at)}`;
}
