import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { EncryptedField } from '@/lib/platform/crypto/encrypted-fields';
import type { Tx } from '../client';
import { activities, activityComments, conversations, type PersonRole, persons, type userDutyEnum, users } from '../schema';
import { clubStaff, demoClock, type DemoClock, demoId } from './demo-people';
import type { DemoTenant } from './demo-tenants';
import { seedClubActivities } from './seed-club-activities';
import { seedClubRecords } from './seed-club-records';
import { seedClubSensitiveFields } from './seed-club-sensitive-fields';
import { seedDemoConversations } from './seed-demo-conversations';

export type StaffMember = { userId: string; personId: string };

/** What every part of the records seed needs: the tenant, the clock and who is who. */
export type RecordsContext = {
  tx: Tx;
  organisationId: string;
  clock: DemoClock;
  /** A cast member's key (demo-people.ts) or a staff key -> person id. */
  person: (key: string) => string;
  staff: (key: string) => StaffMember;
  /** FLE1 ciphertext of a sensitive field under the tenant's data key (lib/platform/crypto/encrypt-field.ts). */
  encrypt: (field: EncryptedField, plaintext: string) => Promise<Buffer>;
};

const companyStaff = {
  admin: { subject: 'acme-admin', role: 'staff' },
  manager: { subject: 'acme-manager', role: 'staff' },
  emma: { subject: 'acme-employee-1', role: 'staff' },
  eli: { subject: 'acme-employee-2', role: 'staff' },
} as const;

async function loadStaff(tx: Tx, organisationId: string, roster: Record<string, { subject: string }>): Promise<Map<string, StaffMember> | null> {
  const subjects = Object.values(roster).map((s) => s.subject);
  const rows = await tx
    .select({ subject: users.idpSubject, userId: users.id, personId: users.personId })
    .from(users)
    .where(and(eq(users.organisationId, organisationId), inArray(users.idpSubject, subjects)));
  const bySubject = new Map(rows.map((r) => [r.subject, { userId: r.userId, personId: r.personId }]));
  const staff = new Map<string, StaffMember>();
  for (const [key, { subject }] of Object.entries(roster)) {
    const member = bySubject.get(subject);
    if (!member) return null;
    staff.set(key, member);
  }
  return staff;
}

async function seedCompanyRecords(c: RecordsContext): Promise<void> {
  const { tx, organisationId, clock, staff } = c;
  const attendees = ['admin', 'manager', 'emma', 'eli'];
  const events = [
    { key: 'first-aid', day: -21, title: 'First aid refresher', provider: 'German Red Cross', hours: 8 },
    { key: 'data-protection', day: -8, title: 'Data protection essentials', provider: 'In-house legal team', hours: 2 },
  ];
  await tx
    .insert(activities)
    .values(
      events.flatMap((e) =>
        attendees.map((who) => ({
          id: demoId(organisationId, `activity:${e.key}:${who}`),
          organisationId,
          type: 'education_event' as const,
          personId: staff(who).personId,
          title: e.title,
          occurredAt: clock(e.day, 9),
          endedAt: clock(e.day, 9 + e.hours),
          details: { provider: e.provider, hours: e.hours, certificate: e.key === 'first-aid' },
          recordedByUserId: staff('admin').userId,
          createdAt: clock(e.day, 18),
          updatedAt: clock(e.day, 18),
        })),
      ),
    )
    .onConflictDoNothing();
  await tx
    .insert(activityComments)
    .values({
      id: demoId(organisationId, 'comment:first-aid'),
      organisationId,
      activityId: demoId(organisationId, 'activity:first-aid:emma'),
      authorPersonId: staff('emma').personId,
      body: 'Could we get a second session for the warehouse night shift?',
      createdAt: clock(-20, 8, 40),
    })
    .onConflictDoNothing();
}

/**
 * Persons' records for a demo tenant (spec 001's kinds). Runs once per tenant, also for a tenant seeded before
 * these records existed: a tenant that already has conversations is left as it is. Ids are deterministic and
 * inserts skip rows that exist, so a rerun after a partial deletion never fails on a twin.
 */
export async function seedDemoRecords(tx: Tx, tenant: DemoTenant, now: Date, encrypt: RecordsContext['encrypt']): Promise<void> {
  if (tenant.startsEmpty) return;
  const [seen] = await tx.select({ id: conversations.id }).from(conversations).where(eq(conversations.organisationId, tenant.id)).limit(1);
  if (seen) return;
  const roster: Record<string, { subject: string; role: PersonRole; duties?: readonly (typeof userDutyEnum.enumValues)[number][] }> =
    tenant.records === 'club' ? clubStaff : companyStaff;
  const staffMembers = await loadStaff(tx, tenant.id, roster);
  if (!staffMembers) return;

  for (const [key, { role, duties }] of Object.entries(roster)) {
    const member = staffMembers.get(key)!;
    await tx.update(persons).set({ primaryRole: role }).where(and(eq(persons.organisationId, tenant.id), eq(persons.id, member.personId)));
    if (duties) await tx.update(users).set({ duties: [...duties] }).where(and(eq(users.organisationId, tenant.id), eq(users.id, member.userId)));
  }
  await tx.update(persons).set({ primaryRole: 'staff' }).where(and(eq(persons.organisationId, tenant.id), isNull(persons.primaryRole)));

  const context: RecordsContext = {
    tx,
    organisationId: tenant.id,
    clock: demoClock(now),
    staff: (key) => staffMembers.get(key)!,
    person: (key) => staffMembers.get(key)?.personId ?? demoId(tenant.id, `person:${key}`),
    encrypt,
  };
  if (tenant.records === 'club') {
    await seedClubRecords(context);
    await seedClubSensitiveFields(context);
    await seedClubActivities(context);
  } else {
    await seedCompanyRecords(context);
  }
  await seedDemoConversations(context, tenant.records);
}
