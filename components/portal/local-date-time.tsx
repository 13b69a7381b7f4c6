'use client';

import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};
const utcFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/**
 * An instant in the reader's own locale and time zone. The server does not know them, so it renders UTC
 * (marked as such) and the browser replaces it once hydrated.
 */
export function LocalDateTime({ value, className }: { value: string; className?: string }) {
  const inBrowser = useSyncExternalStore(subscribe, () => true, () => false);
  const date = new Date(value);
  const text = inBrowser ? date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : `${utcFormat.format(date)} UTC`;
  return (
    <time dateTime={value} className={className} title={date.toISOString()}>
      {text}
    </time>
  );
}
