import type { Tx } from '@/db/client';
import { incidentReports } from '@/db/schema';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import type { RequestContext } from '@/lib/platform/core/context';
import { assertTenantPerson } from '@/lib/people/persons/assert-tenant-person';
import { incidentColumns, revealIncidentReports } from './incident-store';
import type { CreateIncidentReportBody, IncidentReport } from './schemas';

/** Anyone may file a report; the reporter is always the caller, never a value from the body. */
export async function createIncidentReport(tx: Tx, ctx: RequestContext, input: CreateIncidentReportBody): Promise<IncidentReport> {
  await assertTenantPerson(tx, ctx, input.personId);
  const [row] = await tx
    .insert(incidentReports)
    .values({
      organisationId: ctx.organisationId,
      personId: input.personId,
      reportedByUserId: ctx.user.id,
      occurredAt: new Date(input.occurredAt),
      severity: input.severity,
      description: input.description,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning(incidentColumns);
  // The description may accuse or describe a person; the audit log names the field only.
  await recordAudit(tx, ctx, {
    action: 'INCIDENT_REPORT_FILED',
    targetType: 'INCIDENT_REPORT',
    targetId: row!.id,
    changes: {
      personId: { before: null, after: row!.personId },
      occurredAt: { before: null, after: row!.occurredAt.toISOString() },
      severity: { before: null, after: row!.severity },
      status: { before: null, after: row!.status },
    },
    metadata: { fields: ['description'] },
  });
  const [report] = await revealIncidentReports(tx, ctx, [row!]);
  return report!;
}
