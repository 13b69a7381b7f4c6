import type { BadgeTone } from '@/components/ui/badge';

export const identityFieldLabels: Record<string, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  birthDate: 'Birth date',
  identifierNational: 'National identifier',
  nationality: 'Nationality',
  officialEmail: 'Official e-mail',
};

export const syncStatusWords: Record<string, { label: string; tone: BadgeTone }> = {
  synced: { label: 'Synced', tone: 'success' },
  pending: { label: 'Pending', tone: 'info' },
  conflict: { label: 'Conflict', tone: 'danger' },
  pending_registration: { label: 'Pending registration', tone: 'warning' },
  'local-only': { label: 'Local only', tone: 'neutral' },
};

/** An instant as the admin reads it: UTC, to the minute. */
export function formatInstant(iso: string | null): string {
  return iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : '—';
}
