import { describe, expect, it } from 'vitest';
import { describeRetentionPolicy } from '@/lib/privacy/retention/describe-policy';
import { addYearsUtc, describePeriod, EXPIRING_ACTIVITY_KINDS, hasExpired, RETENTION_POLICY } from '@/lib/privacy/retention/policy';

const row = (kind: string) => RETENTION_POLICY.find((r) => r.kind === kind)!;

describe("the retention policy table (spec 001's retention per kind of data)", () => {
  it('has exactly one row per kind of the spec, in its order', () => {
    expect(RETENTION_POLICY.map((r) => r.kind)).toEqual([
      'person',
      'organisation',
      'training',
      'match_participation',
      'match_evaluation',
      'mentoring_session',
      'mentoring_cycle',
      'education_event',
      'fan_interaction',
      'medical_treatment',
      'donation',
      'antidoping_record',
      'incident_report',
      'financial_transaction',
      'message',
      'activity_comment',
      'audit_log',
    ]);
  });

  it('states period, anchor and action of each row as the spec does', () => {
    const summary = Object.fromEntries(RETENTION_POLICY.map((r) => [r.kind, [describePeriod(r.period), r.anchor, r.action]]));
    expect(summary).toEqual({
      person: ['3 years', 'deleted_at', 'anonymise'],
      organisation: ['forever', null, 'keep'],
      training: ['7 years', 'occurred_at', 'delete'],
      match_participation: ['forever', null, 'keep'],
      match_evaluation: ['forever', null, 'keep'],
      mentoring_session: ['forever', null, 'keep'],
      mentoring_cycle: ['forever', null, 'keep'],
      education_event: ['forever', null, 'keep'],
      fan_interaction: ['2 years', 'occurred_at', 'delete'],
      medical_treatment: ['20 years', 'treatment_ended_at', 'delete'],
      donation: ['10 years', 'donated_at', 'delete'],
      antidoping_record: ['10 years', 'tested_at', 'delete'],
      incident_report: ['10 years', 'occurred_at', 'delete'],
      financial_transaction: ['10 years', 'occurred_at', 'delete'],
      message: ['Conversation.retentionDays, else Organization.defaultRetentionDays (default 365 days)', 'created_at', 'delete'],
      activity_comment: ['same as its activity', null, 'delete'],
      audit_log: ['Organization.auditRetentionDays (default 2557 days)', 'occurred_at', 'delete'],
    });
    expect(EXPIRING_ACTIVITY_KINDS.map((r) => r.kind)).toEqual(['training', 'fan_interaction']);
  });

  it('counts calendar years in UTC, 29 February plus one year being 28 February', () => {
    expect(addYearsUtc(new Date('2019-03-10T12:00:00Z'), 7).toISOString()).toBe('2026-03-10T12:00:00.000Z');
    expect(addYearsUtc(new Date('2024-02-29T08:00:00Z'), 1).toISOString()).toBe('2025-02-28T08:00:00.000Z');
    expect(addYearsUtc(new Date('2026-03-10T00:00:00Z'), -20).toISOString()).toBe('2006-03-10T00:00:00.000Z');
  });

  it('expires a record at anchor + period: the day after removes it, the day before does not', () => {
    const anchor = new Date('2019-03-10T12:00:00Z');
    const seven = row('training').period as { unit: 'years'; years: number };
    expect(hasExpired(anchor, seven, new Date('2026-03-09T12:00:00Z'))).toBe(false);
    expect(hasExpired(anchor, seven, new Date('2026-03-10T11:59:59.999Z'))).toBe(false);
    expect(hasExpired(anchor, seven, new Date('2026-03-10T12:00:00Z'))).toBe(true);
    expect(hasExpired(anchor, seven, new Date('2026-03-11T12:00:00Z'))).toBe(true);
    expect(hasExpired(anchor, { unit: 'days', days: 30 }, new Date('2019-04-09T12:00:00Z'))).toBe(true);
    expect(hasExpired(anchor, { unit: 'days', days: 30 }, new Date('2019-04-08T12:00:00Z'))).toBe(false);
  });

  it('renders every row in words for the API and the admin screen', () => {
    const rows = describeRetentionPolicy();
    expect(rows).toHaveLength(RETENTION_POLICY.length);
    expect(rows.find((r) => r.kind === 'medical_treatment')).toMatchObject({ periodText: '20 years', anchorLabel: 'end of treatment (treatmentEndedAt)', note: 'Never while the treatment has no end date.' });
    expect(rows.every((r) => r.label.length > 0 && r.periodText.length > 0)).toBe(true);
  });
});
