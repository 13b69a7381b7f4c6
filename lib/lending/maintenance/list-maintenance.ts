import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { assetMaintenance } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { maintenanceColumns, toMaintenanceDto } from './maintenance-columns';
import type { MaintenanceList } from './schemas';

// An asset has a handful of entries over its life, so the list is whole rather than paged.
export async function listMaintenance(tx: Executor, ctx: RequestContext, assetId: string): Promise<MaintenanceList> {
  const scope = and(eq(assetMaintenance.organisationId, ctx.organisationId), eq(assetMaintenance.assetId, assetId));
  const [rows, totals] = await Promise.all([
    tx
      .select(maintenanceColumns)
      .from(assetMaintenance)
      .where(scope)
      .orderBy(sql`${assetMaintenance.status} = 'DONE'`, desc(sql`coalesce(${assetMaintenance.performedOn}, ${assetMaintenance.scheduledFor})`), desc(assetMaintenance.createdAt)),
    tx
      .select({ currency: assetMaintenance.currency, cost: sql<string>`sum(${assetMaintenance.cost})::numeric(14, 2)::text` })
      .from(assetMaintenance)
      .where(and(scope, eq(assetMaintenance.status, 'DONE'), sql`${assetMaintenance.cost} is not null`))
      .groupBy(assetMaintenance.currency)
      .orderBy(assetMaintenance.currency),
  ]);
  return { data: rows.map(toMaintenanceDto), totals };
}
