import { RETENTION_POLICY, type RetentionKind } from '@/lib/privacy/retention/policy';

// From when each period runs, in the words of the screen the record is shown on.
const anchors: Partial<Record<RetentionKind, string>> = {
  medical_treatment: 'after the treatment ends (an open treatment is never deleted)',
  donation: 'from the date of the gift',
  financial_transaction: 'from the date of the payment',
  antidoping_record: 'from the date of the test',
  incident_report: 'from the date of the incident',
};

/**
 * How long a kind of record is kept, from the one retention table (lib/privacy/retention/policy.ts): "Kept 10
 * years from the date of the gift, then deleted." or "Kept for ever."
 */
export function retentionWords(kind: RetentionKind): string {
  const row = RETENTION_POLICY.find((candidate) => candidate.kind === kind);
  if (!row || row.period.unit === 'forever') return 'Kept for ever.';
  if (row.period.unit !== 'years') return '';
  const then = row.action === 'anonymise' ? 'then anonymised' : 'then deleted';
  return `Kept ${row.period.years} years ${anchors[kind] ?? ''}, ${then}.`.replace(' ,', ',');
}

/** Messages of a conversation: its own period, else the organisation's. */
export function messageRetentionWords(conversationDays: number | null, organisationDays: number, extendedUntil: string | null): string {
  const days = conversationDays ?? organisationDays;
  const period = days % 365 === 0 ? `${days / 365} ${days === 365 ? 'year' : 'years'}` : `${days.toLocaleString('en')} days`;
  return `Messages are kept ${period} after they are written, then deleted${extendedUntil ? ', not before the extension an administrator set' : ''}.`;
}
