import { describe, expect, it } from 'vitest';
import { countOfKind, retentionPeriodWords } from '@/components/retention/retention-kind-words';
import { describeRetentionPolicy } from '@/lib/privacy/retention/describe-policy';

const settings = { defaultRetentionDays: 365, auditRetentionDays: 2557 };
const period = (kind: string) => retentionPeriodWords(describeRetentionPolicy(settings).find((row) => row.kind === kind)!, settings);

describe('the retention policy in words', () => {
  it('says how long each kind is kept, counted from what a secretary knows', () => {
    expect(period('person')).toBe('3 years after the person leaves (their account is deactivated)');
    expect(period('medical_treatment')).toBe('20 years after the treatment ends');
    expect(period('mentoring_session')).toBe('Kept forever');
    expect(period('activity_comment')).toBe('As long as its activity');
    expect(period('audit_log')).toBe('7 years (2,557 days) after the entry is written');
    expect(period('message')).toBe('365 days after it is written, unless its conversation keeps messages longer or shorter');
  });

  it('uses the organisation’s own days where the period is a setting', () => {
    expect(retentionPeriodWords({ kind: 'audit_log', period: { unit: 'days', setting: 'x', defaultDays: 2557 } }, { defaultRetentionDays: 30, auditRetentionDays: 3650 })).toBe(
      '3,650 days after the entry is written',
    );
  });

  it('counts records with their nouns, a kind it does not know as records', () => {
    expect(countOfKind('training', 1)).toBe('1 training');
    expect(countOfKind('person', 3)).toBe('3 people');
    expect(countOfKind('audit_log', 5000)).toBe('5,000 audit log entries');
    expect(countOfKind('something_new', 2)).toBe('2 records');
  });

  it('leaves no field name, table name or code in any row', () => {
    for (const row of describeRetentionPolicy(settings)) expect(retentionPeriodWords(row, settings)).not.toMatch(/[a-z][A-Z]|_|\(default/);
  });
});
