import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { type PersonFieldChanges, persons } from '@/db/schema';
import { diffChanges, recordAudit } from '@/lib/platform/audit/record-audit';
import type { RequestContext } from '@/lib/platform/core/context';
import { decryptField } from '@/lib/platform/crypto/decrypt-field';
import { encryptField } from '@/lib/platform/crypto/encrypt-field';
import { releaseHeldEmails } from '@/lib/platform/notifications/release-held-emails';
import { proposeApprovedChange } from '@/lib/registry/proposals/propose-approved-change';
import { mirroredIdentityFields } from '@/lib/registry/mirror/merge-person';
import type { UpdatedPerson, UpdatePersonBody } from './schemas';
import { personColumns, personNotFound, toPersonDto } from './to-person-dto';

const plainFields = ['preferredEmail', 'phone', 'nationality', 'language', 'primaryRole', 'preferences', 'processingRestricted'] as const;

async function findPersonRow(tx: Tx, ctx: RequestContext, personId: string, lock = false) {
  const query = tx.select(personColumns).from(persons).where(and(eq(persons.organisationId, ctx.organisationId), eq(persons.id, personId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw personNotFound(personId, ctx.organisationId);
  return row;
}

const isMastered = (field: string) => (mirroredIdentityFields as readonly string[]).includes(field);

/**
 * The registry-mastered fields of the body as a proposal's changes, leaving out a value the person already has. The
 * national identifier is compared decrypted and kept sealed (FLE1), its earlier value never.
 */
async function masteredChanges(tx: Tx, ctx: RequestContext, personId: string, before: { nationality: string | null }, input: UpdatePersonBody): Promise<PersonFieldChanges> {
  const changes: PersonFieldChanges = {};
  if (input.nationality !== undefined && input.nationality !== before.nationality) changes.nationality = { from: before.nationality, to: input.nationality };
  if (input.identifierNational !== undefined) {
    const [stored] = await tx.select({ identifierNational: persons.identifierNational }).from(persons).where(and(eq(persons.organisationId, ctx.organisationId), eq(persons.id, personId)));
    const current = stored?.identifierNational ? await decryptField(tx, ctx, 'person.identifierNational', stored.identifierNational) : null;
    if (input.identifierNational !== current) {
      const to = input.identifierNational === null ? null : { fle1: (await encryptField(tx, ctx, 'person.identifierNational', input.identifierNational)).toString('base64') };
      changes.identifierNational = { from: null, to };
    }
  }
  return changes;
}

/**
 * An admin's change of a person. Platform-owned fields are written at once. For a person mirrored from the
 * registry (a registry id, sync on) the registry masters the identity fields (spec 002): those in the body become
 * one change proposal, approved by this admin and sent to the registry, and the person keeps its values until the
 * registry accepts — whoever asks, as for a person's own request. For a local-only person, or in phase 0, the
 * platform is authoritative and writes them directly. The national identifier is encrypted before it is stored;
 * the audit entry says that it changed, never what it was or became.
 */
export async function updatePerson(tx: Tx, ctx: RequestContext, personId: string, input: UpdatePersonBody, options: { registrySync: boolean }): Promise<UpdatedPerson> {
  const before = await findPersonRow(tx, ctx, personId, true);
  const mirrored = options.registrySync && before.registryId !== null;
  const direct = mirrored ? (Object.fromEntries(Object.entries(input).filter(([field]) => !isMastered(field))) as UpdatePersonBody) : input;
  const proposed = mirrored ? await masteredChanges(tx, ctx, personId, before, input) : {};

  const { identifierNational, ...plain } = direct;
  const encrypted =
    identifierNational === undefined ? {} : { identifierNational: identifierNational === null ? null : await encryptField(tx, ctx, 'person.identifierNational', identifierNational) };
  await tx
    .update(persons)
    .set({ ...plain, ...encrypted, updatedAt: ctx.now })
    .where(and(eq(persons.organisationId, ctx.organisationId), eq(persons.id, personId)));
  const after = await findPersonRow(tx, ctx, personId);
  const changes = diffChanges(before, after, plainFields);
  const fields = [...Object.keys(changes), ...(identifierNational === undefined ? [] : ['identifierNational'])];
  if (fields.length > 0) {
    await recordAudit(tx, ctx, {
      action: 'PERSON_UPDATED',
      targetType: 'PERSON',
      targetId: personId,
      changes,
      metadata: { fields, ...(identifierNational === undefined ? {} : { identifierNational: { changed: true } }) },
    });
  }
  // Lifting a restriction (spec 001) releases the e-mails held for it, as the person's own toggle does.
  if (before.processingRestricted && !after.processingRestricted) await releaseHeldEmails(tx, ctx, personId);
  const changeProposal = Object.keys(proposed).length > 0 ? await proposeApprovedChange(tx, ctx, { via: 'admin', personId, registryId: before.registryId!, fields: proposed }) : null;
  return { ...toPersonDto(after), changeProposal };
}
