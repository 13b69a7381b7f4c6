import { ownerSql } from './db';

export const GLOBEX_ID = '0b4c3a7e-0000-4000-8000-00000000610b';

/** The demo club's treasurer (FINANCE) or welfare officer (SAFEGUARDING), as seeded (db/seed/demo-people.ts, clubStaff). */
export async function clubStaffMember(duty: 'FINANCE' | 'SAFEGUARDING'): Promise<{ accountId: string; userId: string; personId: string; name: string }> {
  const accountId = duty === 'FINANCE' ? 'globex-employee-3' : 'globex-employee-4';
  const [found] = await ownerSql()`select u.id, u.person_id, p.first_name, p.last_name from users u join persons p on p.id = u.person_id
    where u.organisation_id = ${GLOBEX_ID} and u.idp_subject = ${accountId} and ${duty}::user_duty = any(u.duties)`;
  if (!found) throw new Error(`The demo club has no seeded ${duty} account ${accountId}`);
  return { accountId, userId: found.id as string, personId: found.person_id as string, name: `${found.first_name as string} ${found.last_name as string}` };
}

/** A person of the demo club by name, with their account where they have one. */
export async function clubPerson(firstName: string, lastName: string): Promise<{ personId: string; userId: string | null }> {
  const [row] = await ownerSql()`select p.id, u.id as user_id from persons p left join users u on u.person_id = p.id and u.organisation_id = p.organisation_id
    where p.organisation_id = ${GLOBEX_ID} and p.first_name = ${firstName} and p.last_name = ${lastName}`;
  if (!row) throw new Error(`No person ${firstName} ${lastName} in the demo club`);
  return { personId: row.id as string, userId: (row.user_id as string | null) ?? null };
}
