import type { DevAccount } from '@/scripts/dev-idp/create-identity-provider';
import { clubStaff } from '@/db/seed/demo-people';
import type { Duty } from '@/lib/platform/auth/duties';
import { dutyLabels } from '@/lib/people/users/duty-labels';
import { roleLabels } from '@/lib/people/users/role-labels';

const staffBySubject = new Map<string, { title: string; duties?: readonly Duty[] }>(Object.values(clubStaff).map((s) => [s.subject, s]));

/** What the demo sign-in picker says a seeded person does: "Employee · Treasurer (finance duty)". */
export function demoAccountLabel(account: Pick<DevAccount, 'accountId' | 'role'>): string {
  const staff = staffBySubject.get(account.accountId);
  if (!staff) return roleLabels[account.role];
  const duties = (staff.duties ?? []).map((duty) => dutyLabels[duty].toLowerCase());
  return `${roleLabels[account.role]} · ${staff.title}${duties.length > 0 ? ` (${duties.join(', ')} duty)` : ''}`;
}
