import { and, eq } from 'drizzle-orm';
import type { Database, Tx } from '@/db/client';
import { organisations, persons, users } from '@/db/schema';
import { decryptField } from '@/lib/platform/crypto/decrypt-field';
import type { FieldEncryption } from '@/lib/platform/crypto/field-encryption';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { announcementSource, erasureRequestSource, invitationSource, loanSource, notificationSource, ownedAssetSource, userAccountSource } from './account-sources';
import { auditEntrySource } from './audit-source';
import { EXPORT_FORMAT_VERSION } from './export-document';
import { countSource, type ExportSource, type ExportSubject, iso, readSourceBatches, type Reveal } from './export-source';
import {
  activityCommentSource,
  activitySource,
  antidopingRecordSource,
  conversationSource,
  donationSource,
  financialTransactionSource,
  incidentReportSource,
  medicalTreatmentSource,
  messageSource,
  profileChangeRequestSource,
} from './record-sources';

/** Every kind, in the document's order; the audit log comes last, as the record of everything above. */
export const exportSources: readonly ExportSource[] = [
  userAccountSource,
  profileChangeRequestSource,
  activitySource,
  activityCommentSource,
  conversationSource,
  messageSource,
  donationSource,
  financialTransactionSource,
  medicalTreatmentSource,
  antidopingRecordSource,
  incidentReportSource,
  loanSource,
  notificationSource,
  invitationSource,
  erasureRequestSource,
  announcementSource,
  ownedAssetSource,
  auditEntrySource,
];

export const EXPORT_BATCH_SIZE = 500;

export type Progress = { done: number; total: number };

export type AssembleOptions = {
  generatedAt: Date;
  encryption?: FieldEncryption;
  /** Called after the person and after every batch; the job stores it for the progress bar. */
  onProgress: (progress: Progress) => Promise<void>;
  batchSize?: number;
};

export type AssembledExport = {
  document: Record<string, unknown>;
  /** Ids of the records whose encrypted fields were decrypted into the document, for the access history. */
  decrypted: { person: boolean; medicalTreatmentIds: string[] };
};

const revealWith =
  (tx: Tx, organisationId: string, encryption: FieldEncryption | undefined): Reveal =>
  async (field, stored) =>
    Buffer.isBuffer(stored) ? decryptField(tx, { organisationId }, field, stored, encryption) : null;

async function readPerson(tx: Tx, organisationId: string, personId: string, encryption: FieldEncryption | undefined) {
  const [row] = await tx
    .select({
      id: persons.id,
      firstName: persons.firstName,
      lastName: persons.lastName,
      officialEmail: persons.officialEmail,
      preferredEmail: persons.preferredEmail,
      phone: persons.phone,
      birthDate: persons.birthDate,
      identifierNational: persons.identifierNational,
      nationality: persons.nationality,
      language: persons.language,
      primaryRole: persons.primaryRole,
      preferences: persons.preferences,
      processingRestricted: persons.processingRestricted,
      deletedAt: persons.deletedAt,
      anonymizedAt: persons.anonymizedAt,
      createdAt: persons.createdAt,
      updatedAt: persons.updatedAt,
    })
    .from(persons)
    .where(and(eq(persons.organisationId, organisationId), eq(persons.id, personId)));
  if (!row) throw new Error(`Person ${personId} of organisation ${organisationId} is not visible`);
  return {
    ...row,
    identifierNational: await revealWith(tx, organisationId, encryption)('person.identifierNational', row.identifierNational),
    deletedAt: iso(row.deletedAt),
    anonymizedAt: iso(row.anonymizedAt),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/**
 * The export document of one person, under the tenant's RLS context: first the person, their accounts and the
 * count of every kind (the progress total), then each kind in keyset batches. Not yet validated: the job
 * checks it against ExportDocument before anything is stored.
 */
export async function assembleExportDocument(db: Database, subjectRef: { organisationId: string; personId: string }, options: AssembleOptions): Promise<AssembledExport> {
  const { organisationId, personId } = subjectRef;
  const start = await withTenant(db, organisationId, async (tx) => {
    const [organisation] = await tx.select({ id: organisations.id, name: organisations.name }).from(organisations).where(eq(organisations.id, organisationId));
    if (!organisation) throw new Error(`Organisation ${organisationId} is not visible`);
    const person = await readPerson(tx, organisationId, personId, options.encryption);
    const accounts = await tx.select({ id: users.id }).from(users).where(and(eq(users.organisationId, organisationId), eq(users.personId, personId)));
    const subject: ExportSubject = { organisationId, personId, userIds: accounts.map((account) => account.id) };
    let total = 1;
    for (const source of exportSources) total += await countSource(tx, source, subject);
    return { organisation, person, subject, total };
  });
  // Records added while the export runs are exported too, so the total can only be what was counted or more.
  const progress: Progress = { done: 1, total: start.total };
  await options.onProgress({ ...progress });
  const document: Record<string, unknown> = {
    formatVersion: EXPORT_FORMAT_VERSION,
    generatedAt: options.generatedAt.toISOString(),
    organisation: start.organisation,
    person: start.person,
  };
  for (const source of exportSources) {
    const items: unknown[] = [];
    const reveal = (tx: Tx) => revealWith(tx, organisationId, options.encryption);
    for await (const batch of readSourceBatches(db, source, start.subject, reveal, options.batchSize ?? EXPORT_BATCH_SIZE)) {
      items.push(...batch);
      progress.done += batch.length;
      progress.total = Math.max(progress.total, progress.done);
      await options.onProgress({ ...progress });
    }
    document[source.kind] = items;
  }
  const treatments = document.medicalTreatments as { id: string; diagnosis: unknown; detailedNotes: unknown }[];
  return {
    document,
    decrypted: {
      person: start.person.identifierNational !== null,
      medicalTreatmentIds: treatments.filter((t) => t.diagnosis !== null || t.detailedNotes !== null).map((t) => t.id),
    },
  };
}
