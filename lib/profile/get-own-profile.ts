import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { defaultPersonPreferences, personChangeRequests, persons } from '@/db/schema';
import type { RequestContext } from '@/lib/core/context';
import { NotFoundError } from '@/lib/core/errors';
import type { ChangeRequest, OwnProfile } from './schemas';

type ProfileContext = Pick<RequestContext, 'organisationId' | 'user'>;

export const profileColumns = {
  personId: persons.id,
  firstName: persons.firstName,
  lastName: persons.lastName,
  birthDate: persons.birthDate,
  nationality: persons.nationality,
  officialEmail: persons.officialEmail,
  preferredEmail: persons.preferredEmail,
  phone: persons.phone,
  language: persons.language,
  preferences: persons.preferences,
  processingRestricted: persons.processingRestricted,
};

export const changeRequestColumns = {
  id: personChangeRequests.id,
  fields: personChangeRequests.fields,
  status: personChangeRequests.status,
  createdAt: personChangeRequests.createdAt,
  updatedAt: personChangeRequests.updatedAt,
};

export function toChangeRequestDto(row: { id: string; fields: ChangeRequest['fields']; status: ChangeRequest['status']; createdAt: Date; updatedAt: Date }): ChangeRequest {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** The acting user's own person; an account always has one (users_person_fk). */
export async function findOwnPerson(tx: Executor, ctx: ProfileContext, options: { lock?: boolean } = {}) {
  const query = tx
    .select(profileColumns)
    .from(persons)
    .where(and(eq(persons.organisationId, ctx.organisationId), eq(persons.id, ctx.user.personId)));
  const [person] = options.lock ? await query.for('update') : await query;
  if (!person) throw new NotFoundError('PERSON_NOT_FOUND', 'Your profile could not be found.', { personId: ctx.user.personId });
  return person;
}

export async function listOwnChangeRequests(tx: Executor, ctx: ProfileContext, options: { openOnly?: boolean } = {}): Promise<ChangeRequest[]> {
  const own = and(eq(personChangeRequests.organisationId, ctx.organisationId), eq(personChangeRequests.personId, ctx.user.personId));
  const rows = await tx
    .select(changeRequestColumns)
    .from(personChangeRequests)
    .where(options.openOnly ? and(own, eq(personChangeRequests.status, 'open')) : own)
    .orderBy(asc(personChangeRequests.createdAt), asc(personChangeRequests.id));
  return rows.map(toChangeRequestDto);
}

export function toOwnProfile(person: Awaited<ReturnType<typeof findOwnPerson>>, pendingChanges: ChangeRequest[]): OwnProfile {
  const preferences = { ...defaultPersonPreferences, ...person.preferences };
  const channels = { ...defaultPersonPreferences.channels, ...preferences.channels };
  return {
    ...person,
    preferences: { channels: { email: channels.email, inApp: channels.inApp }, marketingOptOut: preferences.marketingOptOut, marketingOptOutAt: preferences.marketingOptOutAt ?? null },
    pendingChanges,
  };
}

export async function getOwnProfile(tx: Executor, ctx: ProfileContext): Promise<OwnProfile> {
  const [person, pending] = await Promise.all([findOwnPerson(tx, ctx), listOwnChangeRequests(tx, ctx, { openOnly: true })]);
  return toOwnProfile(person, pending);
}
