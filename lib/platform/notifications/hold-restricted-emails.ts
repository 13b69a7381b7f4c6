import { and, eq, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { outbox } from '@/db/schema';
import { ownRequestTemplates } from './email-templates';
import { restrictedAddresses } from './reachable-recipients';

// A held e-mail is looked at again this long after; lifting the restriction releases it at once
// (releaseHeldEmails), so the interval only bounds how often a lasting restriction is re-checked.
export const OUTBOX_HOLD_MS = 60 * 60_000;
/** The mark of an e-mail held for a restriction: the row stays PENDING, its attempts untouched. */
export const HELD_FOR_RESTRICTION = "Held: the recipient's processing is restricted (spec 001).";

export const recipientOf = sql`lower(${outbox.payload} ->> 'to')`;

/**
 * Of the due outbox rows `ids` of one tenant, holds those addressed to a person whose processing is restricted
 * (spec 001), queued before the restriction was set: they stay PENDING, are not attempted and not failed, and
 * go out when it is lifted. One statement for the whole batch. Answers to the person's own request
 * (ownRequestTemplates) are not held. Returns the ids held.
 */
export async function holdRestrictedEmails(tx: Executor, organisationId: string, ids: string[], now: Date): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .update(outbox)
    .set({ nextAttemptAt: new Date(now.getTime() + OUTBOX_HOLD_MS), lastError: HELD_FOR_RESTRICTION })
    .where(
      and(
        eq(outbox.organisationId, organisationId),
        inArray(outbox.id, ids),
        eq(outbox.status, 'PENDING'),
        lte(outbox.nextAttemptAt, now),
        notInArray(sql`${outbox.payload} ->> 'template'`, [...ownRequestTemplates]),
        sql`${recipientOf} in (${restrictedAddresses(organisationId)})`,
      ),
    )
    .returning({ id: outbox.id });
  return new Set(rows.map((row) => row.id));
}
