import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { persons } from '@/db/schema';
import { mirroredIdentityFields } from '@/lib/registry/mirror/merge-person';
import { isSealed } from './sealed-value';
import { type ProposalRow } from './proposal-store';

/**
 * Phase 0 or a local-only person: the platform is authoritative, so an approved update is written to the person
 * at once. The national identifier arrives sealed (FLE1 under the same field key) and is stored as it is.
 */
export async function applyProposalLocally(tx: Tx, ctx: { organisationId: string; now: Date }, proposal: Pick<ProposalRow, 'personId' | 'fields'>): Promise<string[]> {
  const values: Partial<typeof persons.$inferInsert> = {};
  for (const field of mirroredIdentityFields) {
    if (!Object.hasOwn(proposal.fields, field)) continue;
    const to = proposal.fields[field]!.to;
    if (field === 'identifierNational') values.identifierNational = isSealed(to) ? Buffer.from(to.fle1, 'base64') : null;
    else if (field === 'firstName' || field === 'lastName') values[field] = String(to);
    else values[field] = to === null ? null : String(to);
  }
  const fields = Object.keys(values);
  if (fields.length > 0) await tx.update(persons).set({ ...values, updatedAt: ctx.now }).where(and(eq(persons.organisationId, ctx.organisationId), eq(persons.id, proposal.personId)));
  return fields;
}
