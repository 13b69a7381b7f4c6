import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { dataDeletionRequests, persons } from '@/db/schema';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import { hasRole } from '@/lib/platform/auth/roles';
import type { RequestContext } from '@/lib/platform/core/context';
import { ForbiddenError } from '@/lib/platform/core/errors';
import { personNotFound } from '@/lib/people/persons/to-person-dto';
import { DATA_DELETION_LEGAL_MS, type DataDeletionRow, dataDeletionColumns, OPEN_DELETION_STATUSES, personAlreadyErased, toDataDeletionDto, withPerson } from './deletion-request-store';
import type { DataDeletionRequest, FileDeletionRequestBody } from './schemas';

export type FiledDeletionRequest = { request: DataDeletionRequest; reused: boolean };

async function findOpenRequest(tx: Tx, ctx: RequestContext, personId: string): Promise<DataDeletionRow | undefined> {
  const [open] = await tx
    .select(dataDeletionColumns)
    .from(dataDeletionRequests)
    .innerJoin(persons, withPerson)
    .where(and(eq(dataDeletionRequests.organisationId, ctx.organisationId), eq(dataDeletionRequests.personId, personId), inArray(dataDeletionRequests.status, [...OPEN_DELETION_STATUSES])));
  return open;
}

/**
 * Files an erasure request (spec 001): the caller's own, or an ADMIN's for a person of the tenant. While one is
 * open for the person it is handed back instead of filing a twin (data_deletion_requests_open_key holds under
 * concurrency too). The legal limit runs from now; the target only from verification.
 */
export async function fileDeletionRequest(tx: Tx, ctx: RequestContext, input: FileDeletionRequestBody): Promise<FiledDeletionRequest> {
  const personId = input.personId ?? ctx.user.personId;
  const onBehalf = personId !== ctx.user.personId;
  if (onBehalf && !hasRole(ctx.user.role, 'ADMIN')) {
    throw new ForbiddenError('Only an administrator can file an erasure request for another person.', { requiredRole: 'ADMIN' });
  }
  const [person] = await tx
    .select({ anonymizedAt: persons.anonymizedAt })
    .from(persons)
    .where(and(eq(persons.organisationId, ctx.organisationId), eq(persons.id, personId)));
  if (!person) throw personNotFound(personId, ctx.organisationId);
  if (person.anonymizedAt) throw personAlreadyErased(personId);

  const fields = input.scope === 'partial' ? input.partialFields : [];
  const [inserted] = await tx
    .insert(dataDeletionRequests)
    .values({
      organisationId: ctx.organisationId,
      personId,
      requestedByUserId: ctx.user.id,
      requestedAt: ctx.now,
      status: 'pending',
      scope: input.scope,
      partialFields: fields,
      legalDueAt: new Date(ctx.now.getTime() + DATA_DELETION_LEGAL_MS),
      updatedAt: ctx.now,
    })
    .onConflictDoNothing({ target: [dataDeletionRequests.organisationId, dataDeletionRequests.personId], where: sql`status in ('pending', 'verified', 'in_progress')` })
    .returning({ id: dataDeletionRequests.id });
  if (!inserted) {
    const open = await findOpenRequest(tx, ctx, personId);
    if (!open) throw new Error(`No erasure request could be filed or found open for person ${personId}`);
    return { request: toDataDeletionDto(open, ctx), reused: true };
  }
  await recordAudit(tx, ctx, {
    action: 'DATA_DELETION_REQUESTED',
    targetType: 'DATA_DELETION_REQUEST',
    targetId: inserted.id,
    changes: { status: { before: null, after: 'pending' } },
    metadata: { scope: input.scope, fields, onBehalf },
  });
  const created = await findOpenRequest(tx, ctx, personId);
  return { request: toDataDeletionDto(created!, ctx), reused: false };
}
