import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '@/db/client';
import { dataExports } from '@/db/schema';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import type { FieldEncryption } from '@/lib/platform/crypto/field-encryption';
import { forgetLinkToken } from './data-export-email';
import { dataExportLinkExpired, dataExportLinkUsed, dataExportNotFound } from './data-export-store';
import { downloadTokenMatches } from './download-token';
import { openExportContent } from './export-content';

export type DataExportFile = { filename: string; contentType: string; content: Buffer };
/** admitLink: called once the token matched, before anything changes (publicRoute charges the link's own rate limit). */
export type DownloadContext = { organisationId: string; requestId: string; now: Date; admitLink: (link: string) => Promise<void> };
export type DownloadInput = { dataExportId: string; token: string | undefined };

const uuid = z.uuid();

/**
 * The file behind an e-mailed link. The token is the credential (the link may be opened on another device,
 * signed out), so nothing else is asked. It works once: the first use returns the file, deletes it and audits
 * the download; later uses answer 410. A wrong or missing token answers exactly like an unknown export (404).
 */
export async function downloadDataExport(tx: Tx, ctx: DownloadContext, input: DownloadInput, encryption?: FieldEncryption): Promise<DataExportFile> {
  const { dataExportId, token } = input;
  if (!token || !uuid.safeParse(dataExportId).success) throw dataExportNotFound(dataExportId);
  // Locked, so two uses of one link at the same moment cannot both get the file.
  const [row] = await tx
    .select({
      status: dataExports.status,
      format: dataExports.format,
      tokenHash: dataExports.downloadTokenHash,
      content: dataExports.content,
      contentType: dataExports.contentType,
      sizeBytes: dataExports.sizeBytes,
      linkExpiresAt: dataExports.linkExpiresAt,
      downloadedAt: dataExports.downloadedAt,
      completedAt: dataExports.completedAt,
      requestedByUserId: dataExports.requestedByUserId,
    })
    .from(dataExports)
    .where(and(eq(dataExports.organisationId, ctx.organisationId), eq(dataExports.id, dataExportId)))
    .for('update');
  if (!row || !downloadTokenMatches(token, row.tokenHash)) throw dataExportNotFound(dataExportId);
  await ctx.admitLink(`data-export:${dataExportId}`);
  if (row.downloadedAt) throw dataExportLinkUsed(dataExportId);
  if (row.status === 'expired' || (row.linkExpiresAt && row.linkExpiresAt <= ctx.now)) throw dataExportLinkExpired(dataExportId);
  if (row.status !== 'ready' || !row.content || !row.contentType || !row.completedAt) throw dataExportNotFound(dataExportId);

  const content = await openExportContent(tx, ctx.organisationId, row.content, encryption);
  await tx
    .update(dataExports)
    .set({ content: null, downloadedAt: ctx.now })
    .where(and(eq(dataExports.organisationId, ctx.organisationId), eq(dataExports.id, dataExportId)));
  await forgetLinkToken(tx, ctx.organisationId, dataExportId);
  // The token is the requester's credential, as a bearer token is: its use is theirs, wherever it was opened.
  await recordAudit(tx, { ...ctx, user: { id: row.requestedByUserId } }, {
    action: 'DATA_EXPORT_DOWNLOADED',
    targetType: 'DATA_EXPORT',
    targetId: dataExportId,
    changes: { downloadedAt: { before: null, after: ctx.now.toISOString() } },
    metadata: { format: row.format, sizeBytes: row.sizeBytes, via: 'download-link' },
  });
  const day = row.completedAt.toISOString().slice(0, 10);
  return { filename: `quartermaster-data-export-${day}.${row.format}`, contentType: row.contentType, content };
}
