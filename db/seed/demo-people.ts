import { createHash } from 'node:crypto';
import { addDays, toIsoDate } from '@/lib/platform/time';
import type { PersonPreferences, PersonRole } from '../schema';

/** A stable id per tenant and key: a second run of the seed meets the rows of the first, never twins. */
export function demoId(organisationId: string, key: string): string {
  const h = createHash('sha256').update(`${organisationId}/${key}`).digest('hex');
  const variant = ((Number.parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Instants relative to the day of seeding, like the demo loans; negative offsets lie in the past. */
export function demoClock(now: Date) {
  const today = toIsoDate(now);
  return (dayOffset: number, hour = 10, minute = 0) =>
    new Date(`${addDays(today, dayOffset)}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00Z`);
}
export type DemoClock = ReturnType<typeof demoClock>;

export type CastMember = {
  key: string;
  firstName: string;
  lastName: string;
  role: PersonRole;
  nationality: string;
  language: string;
  birthDate?: string;
  processingRestricted?: boolean;
  preferences?: PersonPreferences;
  /** Days before seeding the person was deactivated (spec 001: anonymised three years later). */
  deactivatedDaysAgo?: number;
};

const optedOut: PersonPreferences = { channels: { email: true, push: false, sms: false, inApp: true }, marketingOptOut: true, marketingOptOutAt: '2025-03-02T09:15:00.000Z' };

/** Globex Sports Club's members who are not users of the platform. */
export const clubCast: CastMember[] = [
  { key: 'lena', firstName: 'Lena', lastName: 'Hoffmann', role: 'athlete', nationality: 'DE', language: 'de', birthDate: '2006-03-14' },
  { key: 'mateo', firstName: 'Mateo', lastName: 'Silva', role: 'athlete', nationality: 'PT', language: 'pt', birthDate: '2005-09-02' },
  { key: 'noor', firstName: 'Noor', lastName: 'van Dijk', role: 'athlete', nationality: 'NL', language: 'nl', birthDate: '2009-05-11' },
  { key: 'kacper', firstName: 'Kacper', lastName: 'Wiśniewski', role: 'athlete', nationality: 'PL', language: 'pl', birthDate: '2006-11-30' },
  { key: 'amara', firstName: 'Amara', lastName: 'Okafor', role: 'athlete', nationality: 'NG', language: 'en', birthDate: '2005-06-18' },
  { key: 'jonas', firstName: 'Jonas', lastName: 'Berg', role: 'athlete', nationality: 'DE', language: 'de', birthDate: '2004-02-07' },
  { key: 'felix', firstName: 'Felix', lastName: 'Braun', role: 'coach', nationality: 'AT', language: 'de-AT', birthDate: '1998-07-21' },
  { key: 'marieke', firstName: 'Marieke', lastName: 'van Dijk', role: 'parent', nationality: 'NL', language: 'nl', birthDate: '1978-10-03' },
  { key: 'paul', firstName: 'Paul', lastName: 'Richter', role: 'volunteer', nationality: 'DE', language: 'de', birthDate: '1961-01-29' },
  { key: 'dieter', firstName: 'Dieter', lastName: 'Krause', role: 'fan', nationality: 'DE', language: 'de', birthDate: '1969-12-12', processingRestricted: true },
  { key: 'chloe', firstName: 'Chloé', lastName: 'Martin', role: 'fan', nationality: 'FR', language: 'fr', birthDate: '1994-04-04' },
  { key: 'yusuf', firstName: 'Yusuf', lastName: 'Demir', role: 'fan', nationality: 'TR', language: 'de', birthDate: '2001-08-16' },
  { key: 'helga', firstName: 'Helga', lastName: 'Vogel', role: 'donor', nationality: 'DE', language: 'de', birthDate: '1952-05-27', preferences: optedOut },
  { key: 'robert', firstName: 'Robert', lastName: 'Klein', role: 'donor', nationality: 'DE', language: 'en', birthDate: '1975-09-09' },
  { key: 'ingrid', firstName: 'Ingrid', lastName: 'Sørensen', role: 'donor', nationality: 'DK', language: 'da', birthDate: '1983-02-14' },
  { key: 'marco', firstName: 'Marco', lastName: 'Bianchi', role: 'athlete', nationality: 'IT', language: 'it', birthDate: '2001-10-19', deactivatedDaysAgo: 400 },
];

/** The club's staff are the demo users; the seed gives their persons a club role. `title` is what the demo sign-in picker calls their job. */
export const clubStaff = {
  secretary: { subject: 'globex-admin', role: 'official', title: 'Club secretary' },
  equipment: { subject: 'globex-manager', role: 'staff', title: 'Kit manager' },
  coach: { subject: 'globex-employee-1', role: 'coach', title: 'Coach', duties: ['COACH'] },
  physio: { subject: 'globex-employee-2', role: 'medical', title: 'Physio', duties: ['MEDICAL'] },
  treasurer: { subject: 'globex-employee-3', role: 'official', title: 'Treasurer', duties: ['FINANCE'] },
  welfare: { subject: 'globex-employee-4', role: 'official', title: 'Welfare officer', duties: ['SAFEGUARDING'] },
} as const;

export const squad = ['lena', 'mateo', 'noor', 'kacper', 'amara', 'jonas'] as const;

export function castRows(organisationId: string, cast: readonly CastMember[], clock: DemoClock) {
  return cast.map((m, i) => {
    const deletedAt = m.deactivatedDaysAgo === undefined ? null : clock(-m.deactivatedDaysAgo, 18);
    return {
      id: demoId(organisationId, `person:${m.key}`),
      organisationId,
      firstName: m.firstName,
      lastName: m.lastName,
      officialEmail: `${m.firstName}.${m.lastName}`.normalize('NFD').replace(/[^A-Za-z.]/g, '').toLowerCase() + '@members.example',
      phone: `+49 30 5550 ${String(1000 + i * 37)}`,
      birthDate: m.birthDate ?? null,
      nationality: m.nationality,
      language: m.language,
      primaryRole: m.role,
      processingRestricted: m.processingRestricted ?? false,
      ...(m.preferences ? { preferences: m.preferences } : {}),
      deletedAt,
      createdAt: clock(-420 + i, 9),
      updatedAt: deletedAt ?? clock(-420 + i, 9),
    };
  });
}
