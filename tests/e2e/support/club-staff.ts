import { ownerSql } from './db';

export const GLOBEX_ID = '0b4c3a7e-0000-4000-8000-00000000610b';

/**
 * A staff member of the demo club with one duty, made once per run (a later call finds them): the records specs
 * need a treasurer and a safeguarding officer whatever the demo seed holds. Their account id starts with the
 * tenant's slug, so support/sign-in-by-cookie.ts signs them in on globex.
 */
export async function clubStaffMember(key: string, firstName: string, lastName: string, duty: 'FINANCE' | 'SAFEGUARDING'): Promise<{ accountId: string; userId: string; personId: string; name: string }> {
  const accountId = `globex-e2e-${key}`;
  const sql = ownerSql();
  const [found] = await sql`select id, person_id from users where organisation_id = ${GLOBEX_ID} and idp_subject = ${accountId}`;
  if (found) return { accountId, userId: found.id as string, personId: found.person_id as string, name: `${firstName} ${lastName}` };
  const email = `${firstName}.${lastName}@globex.example`.toLowerCase();
  const [person] = await sql`insert into persons (organisation_id, first_name, last_name, official_email) values (${GLOBEX_ID}, ${firstName}, ${lastName}, ${email}) returning id`;
  const [user] = await sql`insert into users (organisation_id, person_id, idp_subject, email, role, duties)
    values (${GLOBEX_ID}, ${person!.id}, ${accountId}, ${email}, 'EMPLOYEE', ${`{${duty}}`}::user_duty[]) returning id`;
  return { accountId, userId: user!.id as string, personId: person!.id as string, name: `${firstName} ${lastName}` };
}

/** A person of the demo club by name, with their account where they have one. */
export async function clubPerson(firstName: string, lastName: string): Promise<{ personId: string; userId: string | null }> {
  const [row] = await ownerSql()`select p.id, u.id as user_id from persons p left join users u on u.person_id = p.id and u.organisation_id = p.organisation_id
    where p.organisation_id = ${GLOBEX_ID} and p.first_name = ${firstName} and p.last_name = ${lastName}`;
  if (!row) throw new Error(`No person ${firstName} ${lastName} in the demo club`);
  return { personId: row.id as string, userId: (row.user_id as string | null) ?? null };
}
