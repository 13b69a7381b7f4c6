import { RETENTION_POLICY, type RetentionKind } from './policy';

/**
 * How long a kind of record is kept, as a person wants to read it beside the record: "Kept 7 years after the
 * training", "Kept for ever". From the one policy table (policy.ts), so the screen says what the run does.
 */
export function describeKeptFor(kind: RetentionKind): string {
  const row = RETENTION_POLICY.find((r) => r.kind === kind);
  if (!row) return '';
  switch (row.period.unit) {
    case 'years':
      return `Kept ${row.period.years} years after ${row.anchorLabel.replace(/ \(.*\)$/, '')}`;
    case 'forever':
      return 'Kept for ever';
    case 'parent':
      return `Kept as long as ${row.anchorLabel}`;
    case 'days':
      return `Kept ${row.period.defaultDays} days unless the organisation sets otherwise`;
  }
}
