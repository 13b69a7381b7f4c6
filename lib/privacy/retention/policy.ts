/**
 * Spec 001's "Retention per kind of data" as data (DESIGN.md, decisions for spec 001): one row per kind, with its
 * period, the date the period runs from (the anchor) and what happens at expiry. The retention run
 * (run-retention.ts), its preview, the admin screen and docs/privacy/retention.md all read this one table.
 *
 * The rule is exact: a record expires at anchor + period (calendar years in UTC, or whole days), and a run whose
 * clock has reached that instant removes it; a run before it does not.
 */
export type RetentionAction = 'delete' | 'anonymise' | 'keep';

export type RetentionPeriod =
  | { unit: 'years'; years: number }
  /** A number of days the tenant (or one record's owner) sets; `setting` names where it is read. */
  | { unit: 'days'; setting: string; defaultDays: number }
  | { unit: 'forever' }
  | { unit: 'parent' };

export type RetentionKind =
  | 'person'
  | 'organisation'
  | 'training'
  | 'match_participation'
  | 'match_evaluation'
  | 'mentoring_session'
  | 'mentoring_cycle'
  | 'education_event'
  | 'fan_interaction'
  | 'medical_treatment'
  | 'donation'
  | 'antidoping_record'
  | 'incident_report'
  | 'financial_transaction'
  | 'message'
  | 'activity_comment'
  | 'audit_log';

export type RetentionPolicyRow = {
  kind: RetentionKind;
  /** What the row covers, in the words of spec 001. */
  label: string;
  /** The table the run works on. */
  table: string;
  period: RetentionPeriod;
  /** The column the period runs from; null when nothing ever expires. */
  anchor: string | null;
  /** The anchor in words, for docs/privacy/retention.md and the admin screen. */
  anchorLabel: string;
  action: RetentionAction;
  /** Exceptions and details a reader must know. */
  note?: string;
};

const years = (n: number): RetentionPeriod => ({ unit: 'years', years: n });
const forever: RetentionPeriod = { unit: 'forever' };

const keptActivity = (kind: RetentionKind, label: string): RetentionPolicyRow => ({
  kind,
  label,
  table: 'activities',
  period: forever,
  anchor: null,
  anchorLabel: '—',
  action: 'keep',
});

export const RETENTION_POLICY: readonly RetentionPolicyRow[] = [
  {
    kind: 'person',
    label: 'Person',
    table: 'persons',
    period: years(3),
    anchor: 'deleted_at',
    anchorLabel: 'deactivation (deletedAt)',
    action: 'anonymise',
    note: 'Kept while the account is active. Anonymised as an erasure would (anonymize_person audit entry, deletion-ledger entry with reason retention); never while deletedAt is empty.',
  },
  {
    kind: 'organisation',
    label: 'Organization',
    table: 'organisations',
    period: forever,
    anchor: null,
    anchorLabel: '—',
    action: 'keep',
    note: 'As long as it exists; archived on deactivation, its data not deleted.',
  },
  { kind: 'training', label: 'Training', table: 'activities', period: years(7), anchor: 'occurred_at', anchorLabel: 'the training (occurredAt)', action: 'delete' },
  keptActivity('match_participation', 'Match participation'),
  keptActivity('match_evaluation', 'Match evaluation'),
  keptActivity('mentoring_session', 'Mentoring session'),
  keptActivity('mentoring_cycle', 'Mentoring cycle (final evaluation)'),
  keptActivity('education_event', 'Education event'),
  { kind: 'fan_interaction', label: 'Fan interaction', table: 'activities', period: years(2), anchor: 'occurred_at', anchorLabel: 'the interaction (occurredAt)', action: 'delete' },
  {
    kind: 'medical_treatment',
    label: 'Medical treatment',
    table: 'medical_treatments',
    period: years(20),
    anchor: 'treatment_ended_at',
    anchorLabel: 'end of treatment (treatmentEndedAt)',
    action: 'delete',
    note: 'Never while the treatment has no end date.',
  },
  { kind: 'donation', label: 'Donation', table: 'donations', period: years(10), anchor: 'donated_at', anchorLabel: 'the gift (donatedAt)', action: 'delete' },
  { kind: 'antidoping_record', label: 'Anti-doping record', table: 'antidoping_records', period: years(10), anchor: 'tested_at', anchorLabel: 'the test (testedAt)', action: 'delete' },
  { kind: 'incident_report', label: 'Incident report', table: 'incident_reports', period: years(10), anchor: 'occurred_at', anchorLabel: 'the incident (occurredAt)', action: 'delete' },
  {
    kind: 'financial_transaction',
    label: 'Financial transaction',
    table: 'financial_transactions',
    period: years(10),
    anchor: 'occurred_at',
    anchorLabel: 'the transaction (occurredAt)',
    action: 'delete',
  },
  {
    kind: 'message',
    label: 'Messages',
    table: 'messages',
    period: { unit: 'days', setting: 'Conversation.retentionDays, else Organization.defaultRetentionDays', defaultDays: 365 },
    anchor: 'created_at',
    anchorLabel: 'the message (createdAt)',
    action: 'delete',
    note: 'Not before the conversation’s retentionExtendedUntil (an admin’s manual extension, mentoring and health conversations only). The conversation itself stays.',
  },
  {
    kind: 'activity_comment',
    label: 'Activity comment',
    table: 'activity_comments',
    period: { unit: 'parent' },
    anchor: null,
    anchorLabel: 'its activity',
    action: 'delete',
    note: 'Deleted with the activity it belongs to; comments on activities kept forever stay.',
  },
  {
    kind: 'audit_log',
    label: 'Audit log',
    table: 'audit_log',
    period: { unit: 'days', setting: 'Organization.auditRetentionDays', defaultDays: 2557 },
    anchor: 'occurred_at',
    anchorLabel: 'the entry (occurredAt)',
    action: 'delete',
    note: '7 years; removed only through the privileged purge app_purge_audit_log, the one DELETE the append-only log allows.',
  },
];

/** Activity kinds the run deletes, with their period in years. */
export const EXPIRING_ACTIVITY_KINDS = RETENTION_POLICY.filter(
  (row): row is RetentionPolicyRow & { period: { unit: 'years'; years: number } } => row.table === 'activities' && row.action === 'delete' && row.period.unit === 'years',
);

/** The period in words: "7 years", "forever", "365 days (…)". */
export function describePeriod(period: RetentionPeriod): string {
  switch (period.unit) {
    case 'years':
      return `${period.years} years`;
    case 'days':
      return `${period.setting} (default ${period.defaultDays} days)`;
    case 'forever':
      return 'forever';
    case 'parent':
      return 'same as its activity';
  }
}

/** Calendar years after the anchor, in UTC: 29 February plus one year is 28 February. */
export function addYearsUtc(anchor: Date, n: number): Date {
  const result = new Date(anchor.getTime());
  result.setUTCFullYear(anchor.getUTCFullYear() + n);
  if (result.getUTCMonth() !== anchor.getUTCMonth()) result.setUTCDate(0);
  return result;
}

/** Whether a record anchored at `anchor` has expired by `asOf` under a period of whole years. */
export function hasExpired(anchor: Date, period: { unit: 'years'; years: number } | { unit: 'days'; days: number }, asOf: Date): boolean {
  const expiry = period.unit === 'years' ? addYearsUtc(anchor, period.years) : new Date(anchor.getTime() + period.days * 86_400_000);
  return expiry.getTime() <= asOf.getTime();
}
