'use client';

import { useSyncExternalStore } from 'react';
import { formatDateTime } from '@/lib/platform/format/dates';

const subscribe = () => () => {};
const readerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const unknownTimeZone = () => 'UTC';

/**
 * An instant in the portal's date style, in the reader's own time zone. The server does not know the zone, so it
 * renders UTC (marked as such) and the browser replaces it once hydrated.
 */
export function LocalDateTime({ value, className }: { value: string; className?: string }) {
  const timeZone = useSyncExternalStore(subscribe, readerTimeZone, unknownTimeZone);
  return (
    <time dateTime={value} className={className} title={new Date(value).toISOString()}>
      {formatDateTime(value, timeZone)}
    </time>
  );
}
