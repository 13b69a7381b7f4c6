import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { persons, users } from '@/db/schema';

type Channel = 'email' | 'inApp';

function silenced(channel: Channel) {
  // Restriction (spec 001) silences every channel; a channel turned off in the preferences silences that one.
  return or(eq(persons.processingRestricted, true), sql`${persons.preferences} -> 'channels' ->> ${channel} = 'false'`);
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

/** Addresses among `addresses` that belong to a user who must not be e-mailed (lower-cased). */
export async function findSilencedAddresses(tx: Executor, organisationId: string, addresses: string[]): Promise<Set<string>> {
  if (addresses.length === 0) return new Set();
  const lowered = [...new Set(addresses.map((address) => address.toLowerCase()))];
  const rows = await tx
    .select({ email: sql<string>`lower(${users.email})` })
    .from(users)
    .innerJoin(persons, withPerson)
    .where(and(eq(users.organisationId, organisationId), inArray(sql`lower(${users.email})`, lowered), silenced('email')));
  return new Set(rows.map((row) => row.email));
}
