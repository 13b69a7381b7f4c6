import type { Tx } from '@/db/client';
import type { RequestContext } from '@/lib/platform/core/context';
import { findReadableIncidentReport, revealIncidentReports } from './incident-store';
import type { IncidentReport } from './schemas';

export async function getIncidentReport(tx: Tx, ctx: RequestContext, reportId: string): Promise<IncidentReport> {
  const [report] = await revealIncidentReports(tx, ctx, [await findReadableIncidentReport(tx, ctx, reportId)]);
  return report!;
}
