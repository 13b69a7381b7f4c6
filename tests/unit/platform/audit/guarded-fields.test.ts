import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { antidopingRecords, donations, financialTransactions, incidentReports, medicalTreatments } from '@/db/schema';
import { dutyGuardedFields, nameGuardedFields } from '@/lib/platform/audit/guarded-fields';

const tables = { DONATION: donations, FINANCIAL_TRANSACTION: financialTransactions, MEDICAL_TREATMENT: medicalTreatments, ANTIDOPING_RECORD: antidopingRecords, INCIDENT_REPORT: incidentReports };
const unguarded = new Set(['id', 'organisationId', 'createdAt', 'updatedAt']);

describe('fields a duty guards in the audit log', () => {
  it('are every column of each duty-guarded record but its id, tenant and timestamps, so a new column is guarded by a deliberate change', () => {
    expect(Object.keys(dutyGuardedFields).sort()).toEqual(Object.keys(tables).sort());
    for (const [kind, table] of Object.entries(tables)) {
      const columns = Object.keys(getTableColumns(table)).filter((column) => !unguarded.has(column));
      expect([...dutyGuardedFields[kind]!].sort(), kind).toEqual(columns.sort());
    }
  });

  it('are named in metadata, never valued, once and idempotently; other fields and other kinds are left alone', () => {
    const written = nameGuardedFields('DONATION', {
      changes: { amount: { before: '1.00', after: '2.00' }, note: { before: null, after: 'kept' } },
      metadata: { fields: ['amount'] },
    });
    expect(written).toEqual({ changes: { note: { before: null, after: 'kept' } }, metadata: { fields: ['amount'], amount: { changed: true } } });
    expect(nameGuardedFields('DONATION', written)).toEqual(written);
    const created = nameGuardedFields('INCIDENT_REPORT', { changes: { personId: { before: null, after: 'p' }, severity: { before: null, after: 'low' } }, metadata: { fields: ['description'] } });
    expect(created).toEqual({ changes: {}, metadata: { fields: ['description', 'personId', 'severity'], personId: { changed: true }, severity: { changed: true } } });
    const asset = { changes: { amount: { before: 1, after: 2 } }, metadata: {} };
    expect(nameGuardedFields('ASSET', asset)).toBe(asset);
  });
});
