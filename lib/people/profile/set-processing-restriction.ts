import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { persons } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import { releaseHeldEmails } from '@/lib/platform/notifications/release-held-emails';
import { findOwnPerson } from './get-own-profile';

/**
 * Restriction (spec 001): while on, notifications to the person are not sent, e-mails queued before are held
 * and the loan jobs pass them by (docs/privacy/restriction.md); what they do is still recorded for
 * audit. Lifting it releases the held e-mails and the jobs take them up again.
 */
export async function setProcessingRestriction(tx: Tx, ctx: RequestContext, input: { restricted: boolean }): Promise<{ processingRestricted: boolean; changed: boolean }> {
  const person = await findOwnPerson(tx, ctx, { lock: true });
  if (person.processingRestricted === input.restricted) return { processingRestricted: input.restricted, changed: false };
  await tx
    .update(persons)
    .set({ processingRestricted: input.restricted, updatedAt: ctx.now })
    .where(and(eq(persons.organisationId, ctx.organisationId), eq(persons.id, person.personId)));
  await recordAudit(tx, ctx, {
    action: input.restricted ? 'PROCESSING_RESTRICTED' : 'PROCESSING_RESTRICTION_LIFTED',
    targetType: 'PERSON',
    targetId: person.personId,
    changes: { processingRestricted: { before: person.processingRestricted, after: input.restricted } },
  });
  if (!input.restricted) await releaseHeldEmails(tx, ctx, person.personId);
  return { processingRestricted: input.restricted, changed: true };
}
