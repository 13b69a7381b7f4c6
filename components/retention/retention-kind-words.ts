import type { RetentionKind, RetentionPeriod } from '@/lib/privacy/retention/policy';
import type { RetentionSettings } from '@/lib/privacy/retention/describe-policy';
import { countOf } from '@/lib/platform/format/names';

type KindWords = {
  /** One record of the kind, as counted: "1 training". */
  one: string;
  /** Several: "3 trainings". */
  many: string;
  /** From when the period runs, finishing "7 years …": "after the training". */
  after: string;
  /** What a reader must know beyond the period, in words; none where the period says it all. */
  details?: string;
};

/**
 * The retention policy (lib/privacy/retention/policy.ts) in the words of a club secretary: typed by the kinds, so a
 * kind added to the policy without its words does not compile.
 */
export const retentionKindWords: Record<RetentionKind, KindWords> = {
  person: {
    one: 'person',
    many: 'people',
    after: 'after the person leaves (their account is deactivated)',
    details: 'Kept while the person is active. Afterwards their name, birth date, identifiers and contact details are removed; their records stay under a pseudonym.',
  },
  organisation: { one: 'organisation record', many: 'organisation records', after: '', details: 'If the organisation stops using Quartermaster, its data is archived, not deleted.' },
  training: { one: 'training', many: 'trainings', after: 'after the training' },
  match_participation: { one: 'match', many: 'matches', after: '' },
  match_evaluation: { one: 'match evaluation', many: 'match evaluations', after: '' },
  mentoring_session: { one: 'mentoring session', many: 'mentoring sessions', after: '' },
  mentoring_cycle: { one: 'mentoring cycle', many: 'mentoring cycles', after: '' },
  education_event: { one: 'education event', many: 'education events', after: '' },
  fan_interaction: { one: 'fan interaction', many: 'fan interactions', after: 'after the interaction' },
  medical_treatment: { one: 'medical treatment', many: 'medical treatments', after: 'after the treatment ends', details: 'A treatment that has not ended is never deleted.' },
  donation: { one: 'donation', many: 'donations', after: 'after the gift' },
  antidoping_record: { one: 'anti-doping record', many: 'anti-doping records', after: 'after the test' },
  incident_report: { one: 'incident report', many: 'incident reports', after: 'after the incident' },
  financial_transaction: { one: 'financial transaction', many: 'financial transactions', after: 'after the payment' },
  message: {
    one: 'message',
    many: 'messages',
    after: 'after it is written',
    details: "The organisation's default; an administrator may keep the messages of a mentoring or health conversation longer. The conversation itself stays.",
  },
  activity_comment: { one: 'comment', many: 'comments', after: '', details: 'Deleted together with the activity it belongs to.' },
  audit_log: { one: 'audit log entry', many: 'audit log entries', after: 'after the entry is written', details: 'Entries cannot be changed; only this rule removes them.' },
};

/** The words of a kind as the API names it (a string there); a kind unknown here reads as records. */
export function kindWords(kind: string): KindWords {
  return retentionKindWords[kind as RetentionKind] ?? { one: 'record', many: 'records', after: '' };
}

/** "3 medical treatments", "1 person". */
export function countOfKind(kind: string, count: number): string {
  const words = kindWords(kind);
  return countOf(count, words.one, words.many);
}

function yearsAndDays(days: number): string {
  const years = Math.round(days / 365.25);
  return years > 0 && Math.abs(years * 365.25 - days) < 1 ? `${countOf(years, 'year')} (${countOf(days, 'day')})` : countOf(days, 'day');
}

/** How long a kind is kept, as a phrase: "7 years after the training", "Kept forever", "365 days after it is written". */
export function retentionPeriodWords(row: { kind: string; period: RetentionPeriod }, settings: RetentionSettings | null): string {
  const words = kindWords(row.kind);
  const after = words.after ? ` ${words.after}` : '';
  switch (row.period.unit) {
    case 'years':
      return `${countOf(row.period.years, 'year')}${after}`;
    case 'days': {
      const days = row.kind === 'audit_log' ? (settings?.auditRetentionDays ?? row.period.defaultDays) : (settings?.defaultRetentionDays ?? row.period.defaultDays);
      return row.kind === 'message' ? `${countOf(days, 'day')}${after}, unless its conversation keeps messages longer or shorter` : `${yearsAndDays(days)}${after}`;
    }
    case 'forever':
      return 'Kept forever';
    case 'parent':
      return 'As long as its activity';
  }
}
