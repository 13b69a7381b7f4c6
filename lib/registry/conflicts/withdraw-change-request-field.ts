import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { personChangeRequests } from '@/db/schema';

export type WithdrawnChangeRequest = { id: string; closed: boolean };

/**
 * The one place sync conflicts touch the person's change proposals. Taking the registry's value of a field
 * withdraws the field from every proposal still here (pending or approved_locally) asking for it; a proposal left
 * with nothing to ask is rejected, with the reason. A submitted proposal is the registry's to decide: it carries
 * the values it was based on, so the registry refuses it now that the record has moved on.
 */
export async function withdrawChangeRequestField(tx: Tx, ctx: { organisationId: string; now: Date }, input: { personId: string; field: string; reason: string }): Promise<WithdrawnChangeRequest[]> {
  const open = await tx
    .select({ id: personChangeRequests.id, fields: personChangeRequests.fields })
    .from(personChangeRequests)
    .where(and(eq(personChangeRequests.organisationId, ctx.organisationId), eq(personChangeRequests.personId, input.personId), inArray(personChangeRequests.status, ['pending', 'approved_locally'])))
    .for('update');
  const withdrawn: WithdrawnChangeRequest[] = [];
  for (const request of open) {
    if (!Object.hasOwn(request.fields, input.field)) continue;
    const { [input.field]: _dropped, ...rest } = request.fields;
    const closed = Object.keys(rest).length === 0;
    await tx
      .update(personChangeRequests)
      .set(
        closed
          ? { status: 'rejected', rejectionReason: input.reason, decidedAt: ctx.now, resolvedAt: ctx.now, emailTokenHash: null, nextAttemptAt: null, updatedAt: ctx.now }
          : { fields: rest, updatedAt: ctx.now },
      )
      .where(and(eq(personChangeRequests.organisationId, ctx.organisationId), eq(personChangeRequests.id, request.id)));
    withdrawn.push({ id: request.id, closed });
  }
  return withdrawn;
}
