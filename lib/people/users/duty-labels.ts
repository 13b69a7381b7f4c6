import type { Duty } from '@/lib/platform/auth/duties';

export const dutyLabels: Record<Duty, string> = { MEDICAL: 'Medical', COACH: 'Coach', FINANCE: 'Finance', SAFEGUARDING: 'Safeguarding' };

/** Every duty in the order screens list them; from the labels, so client code need not load the database enum. */
export const dutiesInOrder = Object.keys(dutyLabels) as Duty[];

/** What each duty opens, in one line; docs/privacy/roles-and-duties.md is the full table these must stay true to. */
export const dutyDescriptions: Record<Duty, string> = {
  MEDICAL: 'Sees and records every medical treatment and anti-doping record, and may start health conversations. Finds people in the directory. For physiotherapists and club doctors.',
  COACH: 'Sees the directory of people (without national ID numbers) and records, reads and moderates every activity.',
  FINANCE: 'Sees and records every donation and financial transaction. Finds people in the directory. For the treasurer.',
  SAFEGUARDING: 'Sees every incident report and handles it (status, severity, description). Finds people in the directory. For the welfare officer.',
};
