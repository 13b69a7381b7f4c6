import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { incidentReports } from '@/db/schema';
import { diffChanges, recordAudit } from '@/lib/platform/audit/record-audit';
import { assertDuty } from '@/lib/platform/auth/duties';
import type { RequestContext } from '@/lib/platform/core/context';
import { findReadableIncidentReport, incidentColumns, revealIncidentReports } from './incident-store';
import type { IncidentReport, UpdateIncidentReportBody } from './schemas';

/** The welfare officer's handling of a report; not even its reporter may change it once filed. */
export async function updateIncidentReport(tx: Tx, ctx: RequestContext, reportId: string, input: UpdateIncidentReportBody): Promise<IncidentReport> {
  assertDuty(ctx, 'SAFEGUARDING', 'Changing an incident report');
  const before = await findReadableIncidentReport(tx, ctx, reportId);
  const [after] = await tx
    .update(incidentReports)
    .set({ status: input.status, severity: input.severity, description: input.description, updatedAt: ctx.now })
    .where(and(eq(incidentReports.organisationId, ctx.organisationId), eq(incidentReports.id, reportId)))
    .returning(incidentColumns);
  const changes = diffChanges(before, after!, ['status', 'severity']);
  const descriptionChanged = before.description !== after!.description;
  const fields = [...Object.keys(changes), ...(descriptionChanged ? ['description'] : [])];
  if (fields.length > 0) {
    await recordAudit(tx, ctx, {
      action: 'INCIDENT_REPORT_UPDATED',
      targetType: 'INCIDENT_REPORT',
      targetId: reportId,
      changes,
      metadata: { fields, ...(descriptionChanged ? { description: { changed: true } } : {}) },
    });
  }
  const [report] = await revealIncidentReports(tx, ctx, [after!]);
  return report!;
}
