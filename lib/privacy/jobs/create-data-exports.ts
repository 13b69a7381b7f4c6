import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { dataExports, users } from '@/db/schema';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import { recordSensitiveReads } from '@/lib/platform/audit/record-sensitive-reads';
import { createContext } from '@/lib/platform/core/context';
import type { FieldEncryption } from '@/lib/platform/crypto/field-encryption';
import { type AssembledExport, assembleExportDocument, type Progress } from '@/lib/privacy/data-export/assemble-export-document';
import { enqueueReadyEmail } from '@/lib/privacy/data-export/data-export-email';
import { createDownloadToken } from '@/lib/privacy/data-export/download-token';
import { sealExportContent } from '@/lib/privacy/data-export/export-content';
import { ExportDocument } from '@/lib/privacy/data-export/export-document';
import type { DataExportFormat } from '@/lib/privacy/data-export/schemas';
import { toReportModel } from '@/lib/privacy/data-export/to-report-model';
import type { ReportModel } from '@/lib/privacy/reports/report-model';
import { renderReportPdf } from '@/lib/privacy/reports/render-report-pdf';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { expireDataExports } from './expire-data-exports';
import { describeError, type DueItem, findDueItems, type JobDeps, runTenantUnit } from '@/lib/platform/jobs/job-deps';

export type CreateDataExportsDeps = Pick<JobDeps, 'db' | 'now' | 'runId' | 'log'> & {
  /** How long the e-mailed link works (DATA_EXPORT_LINK_TTL_HOURS). */
  linkTtlMs: number;
  encryption?: FieldEncryption;
  renderPdf?: (model: ReportModel) => Promise<Buffer>;
};
export type CreateDataExportsResult = { created: number; failed: number; expired: number };

const EXPORTS_PER_RUN = 5;

// Shown to the subject: the cause goes to the server log only, since it can name tables, hosts or queries.
export const DATA_EXPORT_FAILED_MESSAGE = 'Your data export could not be prepared. Please try again; if it keeps failing, contact your organisation.';
export const DATA_EXPORT_NO_EMAIL_MESSAGE = 'There is no e-mail address on your account to send the download link to. Ask your administrator to add one, then request the export again.';

/** A failure whose message is meant for the subject. */
class DataExportError extends Error {
  override name = 'DataExportError';
}

type Claimed = DueItem & { personId: string; format: DataExportFormat; requestedByUserId: string };

const exportIn = (item: DueItem, status: 'pending' | 'running') =>
  and(eq(dataExports.organisationId, item.organisationId), eq(dataExports.id, item.id), eq(dataExports.status, status));

/** The atomic claim: of two runners racing for one export, exactly one gets a row back. */
async function claimExport(db: Database, item: DueItem, now: Date): Promise<Claimed | null> {
  const [claimed] = await withTenant(db, item.organisationId, (tx) =>
    tx
      .update(dataExports)
      .set({ status: 'running', startedAt: now })
      .where(exportIn(item, 'pending'))
      .returning({ personId: dataExports.personId, format: dataExports.format, requestedByUserId: dataExports.requestedByUserId }),
  );
  return claimed ? { ...item, ...claimed } : null;
}

/** In its own short transaction, so a client polling the export sees the bar move while the job runs. */
async function storeProgress(db: Database, item: DueItem, progress: Progress): Promise<void> {
  await withTenant(db, item.organisationId, (tx) => tx.update(dataExports).set({ progressDone: progress.done, progressTotal: progress.total }).where(exportIn(item, 'running')));
}

async function buildFile(deps: CreateDataExportsDeps, item: Claimed, assembled: AssembledExport): Promise<{ file: Buffer; contentType: string }> {
  const parsed = ExportDocument.safeParse(assembled.document);
  if (!parsed.success) {
    const paths = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.code}`).slice(0, 20);
    throw new Error(`The export document does not match its schema (${paths.join('; ')})`);
  }
  if (item.format === 'json') return { file: Buffer.from(`${JSON.stringify(parsed.data, null, 2)}\n`, 'utf8'), contentType: 'application/json' };
  const render = deps.renderPdf ?? renderReportPdf;
  return { file: await render(toReportModel(parsed.data)), contentType: 'application/pdf' };
}

async function completeExport(deps: CreateDataExportsDeps, item: Claimed, built: { file: Buffer; contentType: string }, assembled: AssembledExport, done: number): Promise<boolean> {
  const now = deps.now();
  return runTenantUnit(deps.db, item.organisationId, async (tx, afterCommit) => {
    const [requester] = await tx.select({ email: users.email }).from(users).where(and(eq(users.organisationId, item.organisationId), eq(users.id, item.requestedByUserId)));
    if (!requester?.email) throw new DataExportError(DATA_EXPORT_NO_EMAIL_MESSAGE);
    const { token, hash } = createDownloadToken();
    const linkExpiresAt = new Date(now.getTime() + deps.linkTtlMs);
    const [ready] = await tx
      .update(dataExports)
      .set({
        status: 'ready',
        content: await sealExportContent(tx, item.organisationId, built.file, deps.encryption),
        contentType: built.contentType,
        sizeBytes: built.file.length,
        downloadTokenHash: hash,
        linkExpiresAt,
        completedAt: now,
        progressDone: done,
        progressTotal: done,
        error: null,
      })
      .where(exportIn(item, 'running'))
      .returning({ id: dataExports.id });
    if (!ready) return false;
    await enqueueReadyEmail(tx, { organisationId: item.organisationId, afterCommit }, { dataExportId: item.id, format: item.format, to: requester.email, token, linkExpiresAt });
    const { ctx } = createContext({ organisationId: item.organisationId, requestId: deps.runId ?? randomUUID(), now, user: null });
    // Decrypted values now sit in a file made for the subject: their access history records it, as any read.
    const reader = { ...ctx, user: { id: item.requestedByUserId } };
    const via = { via: 'data-export', dataExportId: item.id };
    if (assembled.decrypted.person) await recordSensitiveReads(tx, reader, 'PERSON', [item.personId], ['identifierNational'], via);
    await recordSensitiveReads(tx, reader, 'MEDICAL_TREATMENT', assembled.decrypted.medicalTreatmentIds, ['diagnosis', 'detailedNotes'], via);
    await recordAudit(tx, ctx, {
      action: 'DATA_EXPORT_COMPLETED',
      targetType: 'DATA_EXPORT',
      targetId: item.id,
      changes: { status: { before: 'running', after: 'ready' } },
      metadata: { format: item.format, sizeBytes: built.file.length, records: done, linkExpiresAt: linkExpiresAt.toISOString() },
    });
    return true;
  });
}

async function failExport(deps: CreateDataExportsDeps, item: DueItem, message: string): Promise<void> {
  const now = deps.now();
  await withTenant(deps.db, item.organisationId, async (tx) => {
    const [failed] = await tx.update(dataExports).set({ status: 'failed', error: message, completedAt: now, content: null }).where(exportIn(item, 'running')).returning({ id: dataExports.id });
    if (failed) {
      const { ctx } = createContext({ organisationId: item.organisationId, requestId: deps.runId ?? randomUUID(), now, user: null });
      await recordAudit(tx, ctx, { action: 'DATA_EXPORT_FAILED', targetType: 'DATA_EXPORT', targetId: item.id, changes: { status: { before: 'running', after: 'failed' } } });
    }
  });
}

async function runExport(deps: CreateDataExportsDeps, item: Claimed): Promise<boolean> {
  let done = 0;
  const assembled = await assembleExportDocument(deps.db, item, {
    generatedAt: deps.now(),
    encryption: deps.encryption,
    onProgress: async (progress) => {
      done = progress.done;
      await storeProgress(deps.db, item, progress);
    },
  });
  const built = await buildFile(deps, item, assembled);
  return completeExport(deps, item, built, assembled, done);
}

/**
 * Prepares requested data exports (spec 001, access and portability): finds pending ones across tenants
 * (identifiers only, migration 0024), claims each, assembles the subject's document under the tenant's RLS
 * context, stores it encrypted and e-mails a one-time link; then expires lapsed links. It runs for subjects
 * whose processing is restricted too: the export is their own request.
 */
export async function createDataExports(deps: CreateDataExportsDeps): Promise<CreateDataExportsResult> {
  const runId = deps.runId ?? randomUUID();
  const run = { ...deps, runId };
  const result: CreateDataExportsResult = { created: 0, failed: 0, expired: 0 };
  const due = await findDueItems(deps.db, sql`select id, organisation_id from app_pending_data_exports(${EXPORTS_PER_RUN}::integer)`);
  for (const item of due) {
    let claimed: Claimed | null;
    try {
      claimed = await claimExport(deps.db, item, deps.now());
    } catch (error) {
      deps.log?.error(`[quartermaster] claiming data export ${item.id} failed: ${describeError(error)}`);
      continue;
    }
    if (!claimed) continue;
    try {
      if (await runExport(run, claimed)) result.created += 1;
    } catch (error) {
      deps.log?.error(`[quartermaster] data export ${item.id} of organisation ${item.organisationId} failed: ${describeError(error)}`);
      try {
        await failExport(run, item, error instanceof DataExportError ? error.message : DATA_EXPORT_FAILED_MESSAGE);
        result.failed += 1;
      } catch (settleError) {
        deps.log?.error(`[quartermaster] recording the failure of data export ${item.id} failed: ${describeError(settleError)}`);
      }
    }
  }
  result.expired = await expireDataExports(run);
  return result;
}
