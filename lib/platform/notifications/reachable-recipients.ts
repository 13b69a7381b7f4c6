import { and, eq, inArray, or, type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import { type Executor, rowsOf } from '@/db/client';
import { persons, users } from '@/db/schema';

type Channel = 'email' | 'inApp';

const restricted = sql`${persons.processingRestricted} = true`;
const erased = sql`${persons.anonymizedAt} is not null`;

function silenced(channel: Channel) {
  // Restriction (spec 001) silences every channel, and so does erasure (a loan they still hold goes on reminding
  // nobody); a channel turned off in the preferences silences that one.
  return or(restricted, erased, sql`${persons.preferences} -> 'channels' ->> ${channel} = 'false'`);
}

const withPerson = and(eq(persons.organisationId, users.organisationId), eq(persons.id, users.personId));

/** Users among `userIds` who must not be told anything on `channel`. */
export async function findSilencedUsers(tx: Executor, organisationId: string, userIds: string[], channel: Channel): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(persons, withPerson)
    .where(and(eq(users.organisationId, organisationId), inArray(users.id, userIds), silenced(channel)));
  return new Set(rows.map((row) => row.id));
}

/**
 * The lower-cased addresses of the tenant's persons matching `condition` (on `p`, the persons row): their
 * accounts' addresses and their own official and preferred ones, so that a person is recognised even where no
 * account carries the address (an invitation to a person of the register, for instance). Raw aliases, so that
 * it stays unambiguous inside any outer statement.
 */
export function personAddresses(organisationId: string, condition: SQL): SQL {
  return sql`select lower(a.address) as address from persons p
    left join users u on u.organisation_id = p.organisation_id and u.person_id = p.id
    cross join lateral (values (u.email), (p.official_email), (p.preferred_email)) as a(address)
    where p.organisation_id = ${organisationId}::uuid and a.address is not null and ${condition}`;
}

/** The addresses of persons whose processing is restricted (spec 001); the outbox holds e-mails to them. */
export const restrictedAddresses = (organisationId: string): SQL => personAddresses(organisationId, sql`p.processing_restricted`);

/** Addresses among `addresses` that belong to a person who must not be e-mailed (lower-cased). */
export async function findSilencedAddresses(tx: Executor, organisationId: string, addresses: string[]): Promise<Set<string>> {
  if (addresses.length === 0) return new Set();
  const lowered = JSON.stringify([...new Set(addresses.map((address) => address.toLowerCase()))]);
  const rows = rowsOf<{ address: string }>(
    await tx.execute(
      sql`select distinct s.address from (${personAddresses(organisationId, sql`(p.processing_restricted or p.preferences -> 'channels' ->> 'email' = 'false')`)}) s
        where s.address in (select jsonb_array_elements_text(${lowered}::jsonb))`,
    ),
  );
  return new Set(rows.map((row) => row.address));
}

/** True when the user's person has their processing restricted (spec 001): jobs pass such a user by. */
export function userIsRestricted(organisationId: string, userId: SQLWrapper): SQL<boolean> {
  return sql<boolean>`exists (select 1 from users ru join persons rp on rp.organisation_id = ru.organisation_id and rp.id = ru.person_id
    where ru.organisation_id = ${organisationId}::uuid and ru.id = ${userId} and rp.processing_restricted)`;
}
