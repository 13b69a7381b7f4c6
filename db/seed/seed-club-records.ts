import { and, eq } from 'drizzle-orm';
import { antidopingRecords, donations, financialTransactions, incidentReports, medicalTreatments, personChangeRequests, persons } from '../schema';
import { castRows, clubCast, demoId, squad } from './demo-people';
import type { RecordsContext } from './seed-demo-records';

const treatments = [
  { key: 'kacper-ankle', athlete: 'kacper', started: -4, ended: null },
  { key: 'lena-hamstring', athlete: 'lena', started: -40, ended: -19 },
  { key: 'amara-shoulder', athlete: 'amara', started: -210, ended: -160 },
];

const gifts = [
  { key: 'helga-academy', donor: 'helga', day: -45, amount: '250.00', campaign: 'Youth academy 2026', anonymousToPublic: true },
  { key: 'robert-floodlights', donor: 'robert', day: -30, amount: '100.00', campaign: 'New floodlights', anonymousToPublic: false },
  { key: 'ingrid-general', donor: 'ingrid', day: -12, amount: '50.00', campaign: null, anonymousToPublic: false },
  { key: 'helga-floodlights', donor: 'helga', day: -3, amount: '500.00', campaign: 'New floodlights', anonymousToPublic: true },
];

/**
 * The club's members and the records that stay with them: treatments (diagnosis and notes are written
 * encrypted afterwards, seed-club-sensitive-fields.ts), donations, payments, a doping control, an incident
 * and two self-service change requests.
 */
export async function seedClubRecords(c: RecordsContext): Promise<void> {
  const { tx, organisationId, clock, person, staff } = c;
  const id = (key: string) => demoId(organisationId, key);
  await tx.insert(persons).values(castRows(organisationId, clubCast, clock)).onConflictDoNothing();

  await tx
    .insert(medicalTreatments)
    .values(
      treatments.map((t) => ({
        id: id(`treatment:${t.key}`),
        organisationId,
        personId: person(t.athlete),
        treatedByUserId: staff('physio').userId,
        startedAt: clock(t.started, 16),
        treatmentEndedAt: t.ended === null ? null : clock(t.ended, 12),
        createdAt: clock(t.started, 17),
        updatedAt: clock(t.ended ?? t.started, 17),
      })),
    )
    .onConflictDoNothing();

  await tx
    .insert(donations)
    .values(
      gifts.map((g) => ({
        id: id(`donation:${g.key}`),
        organisationId,
        personId: person(g.donor),
        amount: g.amount,
        currency: 'EUR',
        donatedAt: clock(g.day, 14),
        campaign: g.campaign,
        anonymousToPublic: g.anonymousToPublic,
        createdAt: clock(g.day, 14),
        updatedAt: clock(g.day, 14),
      })),
    )
    .onConflictDoNothing();

  const payment = (key: string, who: string, kind: 'membership_fee' | 'sponsorship' | 'refund' | 'purchase', amount: string, day: number, reference: string) => ({
    id: id(`transaction:${key}`),
    organisationId,
    personId: person(who),
    kind,
    amount,
    currency: 'EUR',
    occurredAt: clock(day, 8),
    reference,
    createdAt: clock(day, 8),
    updatedAt: clock(day, 8),
  });
  await tx
    .insert(financialTransactions)
    .values([
      ...squad.map((athlete, index) => payment(`fee:${athlete}`, athlete, 'membership_fee', '180.00', -60, `MF-U19-${String(index + 1).padStart(3, '0')}`)),
      payment('fee:marco', 'marco', 'membership_fee', '180.00', -760, 'MF-SEN-017'),
      payment('sponsorship:robert', 'robert', 'sponsorship', '1500.00', -50, 'SP-KLEIN-JERSEYS'),
      payment('refund:noor', 'noor', 'refund', '45.00', -15, 'RF-EASTER-CAMP'),
      payment('purchase:yusuf', 'yusuf', 'purchase', '69.90', -9, 'SHOP-HOME-JERSEY'),
    ])
    .onConflictDoNothing();

  await tx
    .insert(antidopingRecords)
    .values({
      id: id('antidoping:jonas'),
      organisationId,
      personId: person('jonas'),
      testedAt: clock(-22, 7, 30),
      kind: 'out_of_competition',
      result: 'negative',
      authority: 'NADA Germany',
      notes: 'Urine sample at the training ground; whereabouts information was up to date.',
      createdAt: clock(-8, 9),
      updatedAt: clock(-8, 9),
    })
    .onConflictDoNothing();

  await tx
    .insert(incidentReports)
    .values({
      id: id('incident:kacper-collision'),
      organisationId,
      personId: person('kacper'),
      reportedByUserId: staff('coach').userId,
      occurredAt: clock(-4, 15, 52),
      severity: 'medium',
      description: 'Collision in the 52nd minute against SV Umbrella; left ankle twisted. Substituted, cooled and taped on the bench, referred to the club physio.',
      status: 'resolved',
      createdAt: clock(-4, 19),
      updatedAt: clock(-3, 10),
    })
    .onConflictDoNothing();

  await tx
    .insert(personChangeRequests)
    .values([
      {
        id: id('change-request:physio-name'),
        organisationId,
        personId: staff('physio').personId,
        requestedByUserId: staff('physio').userId,
        fields: { lastName: { from: 'Becker', to: 'Becker-Lindqvist' } },
        status: 'pending',
        createdAt: clock(-2, 20),
        updatedAt: clock(-2, 20),
      },
      {
        id: id('change-request:coach-birth-date'),
        organisationId,
        personId: staff('coach').personId,
        requestedByUserId: staff('coach').userId,
        fields: { birthDate: { from: null, to: '1990-04-12' } },
        status: 'accepted',
        approvedVia: 'admin',
        resolvedAt: clock(-29, 9),
        decidedAt: clock(-29, 9),
        createdAt: clock(-30, 18),
        updatedAt: clock(-29, 9),
      },
    ])
    .onConflictDoNothing();
  const coach = staff('coach').personId;
  await tx.update(persons).set({ birthDate: '1990-04-12', updatedAt: clock(-29, 9) }).where(and(eq(persons.organisationId, organisationId), eq(persons.id, coach)));
}
