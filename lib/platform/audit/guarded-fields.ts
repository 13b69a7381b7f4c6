import type { AuditChanges } from '@/db/schema';

/**
 * The fields of each record a duty opens (docs/privacy/roles-and-duties.md), by audit target type: every column but its
 * id, tenant and timestamps, since a reader without the duty may read none of them (a unit test holds the lists
 * to the tables). The audit log is read by admins without the duty (and leaves in backups and through MCP), so
 * these are recorded by name only, like encrypted fields: `metadata.fields` lists them and `metadata[field]` is
 * `{ changed: true }`, never a value.
 */
export const dutyGuardedFields: Readonly<Record<string, readonly string[]>> = {
  // FINANCE
  DONATION: ['personId', 'subjectPseudonym', 'amount', 'currency', 'donatedAt', 'campaign', 'anonymousToPublic'],
  FINANCIAL_TRANSACTION: ['personId', 'subjectPseudonym', 'kind', 'amount', 'currency', 'occurredAt', 'reference'],
  // MEDICAL: who was treated, when, and what for (the diagnosis and notes are encrypted besides).
  MEDICAL_TREATMENT: ['personId', 'subjectPseudonym', 'startedAt', 'treatmentEndedAt', 'diagnosis', 'detailedNotes', 'treatedByUserId'],
  ANTIDOPING_RECORD: ['personId', 'subjectPseudonym', 'testedAt', 'kind', 'result', 'authority', 'notes'],
  // SAFEGUARDING: whom a report is about above all. Its reporter is also the actor of some entries, which
  // redactAuditEntries withholds by the reporter rule (lib/records/incidents/reporter-visibility.ts).
  INCIDENT_REPORT: ['personId', 'subjectPseudonym', 'occurredAt', 'severity', 'status', 'description', 'reportedByUserId'],
};

type Recorded = { changes: AuditChanges; metadata: Record<string, unknown> };

/**
 * An entry's changes and metadata with the guarded fields of its target type named, not valued. Applied when an
 * entry is written (recordAudit) and again whenever one is read, so entries written before a field was guarded
 * read the same way. Idempotent: a second pass changes nothing.
 */
export function nameGuardedFields(targetType: string, recorded: Recorded): Recorded {
  const guarded = dutyGuardedFields[targetType];
  const named = guarded?.filter((field) => field in recorded.changes) ?? [];
  if (named.length === 0) return recorded;
  const changes = Object.fromEntries(Object.entries(recorded.changes).filter(([field]) => !named.includes(field)));
  const listed = Array.isArray(recorded.metadata.fields) ? (recorded.metadata.fields as unknown[]) : [];
  const metadata: Record<string, unknown> = { ...recorded.metadata, fields: [...listed, ...named.filter((field) => !listed.includes(field))] };
  for (const field of named) metadata[field] ??= { changed: true };
  return { changes, metadata };
}
