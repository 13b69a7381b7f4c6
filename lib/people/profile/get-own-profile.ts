import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { defaultPersonPreferences, personChangeRequests, persons } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { NotFoundError } from '@/lib/platform/core/errors';
import { HIDDEN, isSealed } from '@/lib/registry/proposals/sealed-value';
import { openProposalStatuses } from '@/lib/registry/proposals/schemas';
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
  kind: personChangeRequests.kind,
  fields: personChangeRequests.fields,
  status: personChangeRequests.status,
  rejectionReason: personChangeRequests.rejectionReason,
  emailTokenHash: personChangeRequests.emailTokenHash,
  emailConfirmedAt: personChangeRequests.emailConfirmedAt,
  createdAt: personChangeRequests.createdAt,
  updatedAt: personChangeRequests.updatedAt,
};

type ChangeRequestRow = { [K in keyof typeof changeRequestColumns]: (typeof changeRequestColumns)[K]['_']['data'] | ((typeof changeRequestColumns)[K]['_']['notNull'] extends true ? never : null) };

export function toChangeRequestDto(row: ChangeRequestRow): ChangeRequest {
  const hide = (value: unknown) => (isSealed(value) ? HIDDEN : value);
  return {
    id: row.id,
    kind: row.kind,
    fields: Object.fromEntries(Object.entries(row.fields).map(([field, change]) => [field, { from: hide(change.from), to: hide(change.to) }])),
    status: row.status,
    rejectionReason: row.rejectionReason,
    emailConfirmation: row.emailConfirmedAt ? 'confirmed' : row.emailTokenHash ? 'awaiting' : 'not_needed',
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
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
    .where(options.openOnly ? and(own, inArray(personChangeRequests.status, openProposalStatuses)) : own)
    .orderBy(asc(personChangeRequests.createdAt), asc(personChangeRequests.id));
  return rows.map(toChangeRequestDto);
}

async function listRecentDecisions(tx: Executor, ctx: ProfileContext): Promise<ChangeRequest[]> {
  const rows = await tx
    .select(changeRequestColumns)
    .from(personChangeRequests)
    .where(and(eq(personChangeRequests.organisationId, ctx.organisationId), eq(personChangeRequests.personId, ctx.user.personId), inArray(personChangeRequests.status, ['accepted', 'rejected'])))
    .orderBy(desc(personChangeRequests.updatedAt), desc(personChangeRequests.id))
    .limit(5);
  return rows.map(toChangeRequestDto);
}

export function toOwnProfile(person: Awaited<ReturnType<typeof findOwnPerson>>, pendingChanges: ChangeRequest[], recentDecisions: ChangeRequest[]): OwnProfile {
  const preferences = { ...defaultPersonPreferences, ...person.preferences };
  const channels = { ...defaultPersonPreferences.channels, ...preferences.channels };
  return {
    ...person,
    preferences: { channels: { email: channels.email, inApp: channels.inApp }, marketingOptOut: preferences.marketingOptOut, marketingOptOutAt: preferences.marketingOptOutAt ?? null },
    pendingChanges,
    recentDecisions,
  };
}

export async function getOwnProfile(tx: Executor, ctx: ProfileContext): Promise<OwnProfile> {
  const [person, pending, decided] = await Promise.all([findOwnPerson(tx, ctx), listOwnChangeRequests(tx, ctx, { openOnly: true }), listRecentDecisions(tx, ctx)]);
  return toOwnProfile(person, pending, decided);
}
