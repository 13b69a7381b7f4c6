import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { persons } from '@/db/schema';
import { recordSensitiveReads } from '@/lib/platform/audit/record-sensitive-reads';
import type { Duty } from '@/lib/platform/auth/duties';
import type { Role } from '@/lib/platform/auth/roles';
import type { RequestContext } from '@/lib/platform/core/context';
import { ForbiddenError } from '@/lib/platform/core/errors';
import { decryptField } from '@/lib/platform/crypto/decrypt-field';
import type { PersonDetail } from './schemas';
import { personColumns, personNotFound, toPersonDto } from './to-person-dto';

/**
 * Who may read the directory of persons: admins and every holder of a duty (docs/privacy/roles-and-duties.md).
 * A physio, a treasurer or a welfare officer must find the person a first record is about; what they may read
 * of that person's records is still decided by each record's own duty rule.
 */
export function canReadDirectory(ctx: { user: { role: Role; duties: readonly Duty[] } }): boolean {
  return ctx.user.role === 'ADMIN' || ctx.user.duties.length > 0;
}

/** The person themselves, or a directory reader. Decided before any lookup, so a caller without access learns nothing about which ids exist. */
export function assertCanReadPerson(ctx: RequestContext, personId: string): void {
  if (ctx.user.personId !== personId && !canReadDirectory(ctx)) {
    throw new ForbiddenError('Reading other persons requires the ADMIN role or a duty.', { requiredRole: 'ADMIN', orDuty: 'any' });
  }
}

/**
 * A person's detail for an admin, a duty holder or the person themselves. The national identifier is decrypted for
 * an admin or the subject only, and every such read is audited.
 */
export async function getPerson(tx: Tx, ctx: RequestContext, personId: string): Promise<PersonDetail> {
  const isSubject = ctx.user.personId === personId;
  assertCanReadPerson(ctx, personId);
  const [row] = await tx
    .select({ ...personColumns, identifierNational: persons.identifierNational })
    .from(persons)
    .where(and(eq(persons.organisationId, ctx.organisationId), eq(persons.id, personId)));
  if (!row) throw personNotFound(personId, ctx.organisationId);
  const { identifierNational: stored, ...columns } = row;
  const person = toPersonDto(columns);
  if (!isSubject && ctx.user.role !== 'ADMIN') return person;
  if (!stored) return { ...person, identifierNational: null };
  const identifierNational = await decryptField(tx, ctx, 'person.identifierNational', stored);
  await recordSensitiveReads(tx, ctx, 'PERSON', [personId], ['identifierNational']);
  return { ...person, identifierNational };
}
