import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { persons } from '@/db/schema';
import { hasDuty } from '@/lib/platform/auth/duties';
import { recordSensitiveReads } from '@/lib/platform/audit/record-sensitive-reads';
import type { RequestContext } from '@/lib/platform/core/context';
import { ForbiddenError } from '@/lib/platform/core/errors';
import { decryptField } from '@/lib/platform/crypto/decrypt-field';
import type { PersonDetail } from './schemas';
import { personColumns, personNotFound, toPersonDto } from './to-person-dto';

/** Who may read the directory of persons: admins and coaches (docs/privacy/roles-and-duties.md). */
export function canReadDirectory(ctx: RequestContext): boolean {
  return ctx.user.role === 'ADMIN' || hasDuty(ctx, 'COACH');
}

/**
 * A person's detail for an admin, a coach or the person themselves. The national identifier is decrypted for
 * an admin or the subject only, and every such read is audited.
 */
export async function getPerson(tx: Tx, ctx: RequestContext, personId: string): Promise<PersonDetail> {
  const isSubject = ctx.user.personId === personId;
  // Decided before the lookup, so a caller without access learns nothing about which ids exist.
  if (!isSubject && !canReadDirectory(ctx)) {
    throw new ForbiddenError('Reading other persons requires the ADMIN role or the COACH duty.', { requiredRole: 'ADMIN', orDuty: 'COACH' });
  }
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
