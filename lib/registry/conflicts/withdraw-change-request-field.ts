import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { personChangeRequests } from '@/db/schema';

export type WithdrawnChangeRequest = { id: string; closed: boolean };

/**
 * The one place sync conflicts touch the person's open change requests (open or sent; the proposals work
 * reshapes that table, so this stays small). Taking the registry's value of a field withdraws the field from
 * every open request asking for it; a request left with nothing to ask is rejected. The reason is in the audit
 * entry of the resolution.
 */
export async function withdrawChangeRequestField(tx: Tx, ctx: { organisationId: string; now: Date }, input: { personId: string; field: string }): Promise<WithdrawnChangeRequest[]> {
  const open = await tx
    .select({ id: personChangeRequests.id, fields: personChangeRequests.fields })
    .from(personChangeRequests)
    .where(and(eq(personChangeRequests.organisationId, ctx.organisationId), eq(personChangeRequests.personId, input.personId), inArray(personChangeRequests.status, ['open', 'sent'])))
    .for('update');
  const withdrawn: WithdrawnChangeRequest[] = [];
  for (const request of open) {
    if (!Object.hasOwn(request.fields, input.field)) continue;
    const { [input.field]: _dropped, ...rest } = request.fields;
    const closed = Object.keys(rest).length === 0;
    await tx
      .update(personChangeRequests)
      .set(closed ? { status: 'rejected', decidedAt: ctx.now, updatedAt: ctx.now } : { fields: rest, updatedAt: ctx.now })
      .where(and(eq(personChangeRequests.organisationId, ctx.organisationId), eq(personChangeRequests.id, request.id)));
    withdrawn.push({ id: request.id, closed });
  }
  return withdrawn;
}
