import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { medicalTreatments } from '@/db/schema';
import { buildPage, decodeCursor, type Page, timestampCursor } from '@/lib/platform/pagination';
import type { RequestContext } from '@/lib/platform/core/context';
import { assertDuty } from '@/lib/platform/auth/duties';
import type { ListMedicalTreatmentsQuery, MedicalTreatment } from './schemas';
import { revealTreatments, treatmentColumns } from './treatment-store';

/** Newest first. Every returned treatment is decrypted and its read audited (revealTreatments). */
export async function listMedicalTreatments(tx: Tx, ctx: RequestContext, query: ListMedicalTreatmentsQuery): Promise<Page<MedicalTreatment>> {
  const personId = query.personId === 'me' ? ctx.user.personId : query.personId;
  if (personId !== ctx.user.personId) assertDuty(ctx, 'MEDICAL', "Listing other persons' treatments");
  const filters: SQL[] = [eq(medicalTreatments.organisationId, ctx.organisationId)];
  if (personId) filters.push(eq(medicalTreatments.personId, personId));
  const where = and(...filters);
  const cursor = query.cursor ? decodeCursor(query.cursor, timestampCursor) : null;
  const pageWhere = cursor ? and(where, sql`(${medicalTreatments.startedAt}, ${medicalTreatments.id}) < (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)`) : where;
  const [rows, [totals]] = await Promise.all([
    tx
      .select(treatmentColumns)
      .from(medicalTreatments)
      .where(pageWhere)
      .orderBy(desc(medicalTreatments.startedAt), desc(medicalTreatments.id))
      .limit(query.limit + 1),
    tx.select({ total: count() }).from(medicalTreatments).where(where),
  ]);
  const page = buildPage(rows, query.limit, totals?.total ?? 0, (row) => row, (row) => [row.startedAt.toISOString(), row.id]);
  return { ...page, data: await revealTreatments(tx, ctx, page.data) };
}
