import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { persons, users } from '@/db/schema';

export type SubjectContact = {
  name: string;
  /** Where the subject is written to: preferred address, else official, else an account's sign-in address. */
  email: string | null;
  /** Every address the person and their accounts hold, lower-cased: what a provider may have on file. */
  addresses: string[];
  userIds: string[];
};

/** Read before an erasure destroys it: the confirmation must still reach the subject afterwards. */
export async function findSubjectContact(tx: Executor, organisationId: string, personId: string): Promise<SubjectContact | null> {
  const [person] = await tx
    .select({ firstName: persons.firstName, lastName: persons.lastName, officialEmail: persons.officialEmail, preferredEmail: persons.preferredEmail })
    .from(persons)
    .where(and(eq(persons.organisationId, organisationId), eq(persons.id, personId)));
  if (!person) return null;
  const accounts = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.organisationId, organisationId), eq(users.personId, personId)))
    .orderBy(asc(users.createdAt));
  const accountEmail = accounts.find((account) => account.email)?.email ?? null;
  const all = [person.preferredEmail, person.officialEmail, ...accounts.map((account) => account.email)].filter((address): address is string => !!address);
  return {
    name: `${person.firstName} ${person.lastName}`,
    email: person.preferredEmail ?? person.officialEmail ?? accountEmail,
    addresses: [...new Set(all.map((address) => address.toLowerCase()))],
    userIds: accounts.map((account) => account.id),
  };
}
